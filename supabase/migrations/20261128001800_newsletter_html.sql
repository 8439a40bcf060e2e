-- The newsletter's HTML by allowlist (issue 46).
--
-- private.check_newsletter_content refused a post's HTML by a few regular expressions (<script,
-- on…=, javascript:), and a review got 14 of 21 classic payloads past them: <svg/onload>,
-- <img/src=x/onerror>, jav&#x61;script:, a tab inside javascript:, data: links, CSS expression(),
-- remote images as tracking pixels, and more. The editor now puts the e-mail through DOMPurify with
-- an allowlist and writes what is left in one canonical form (src/admin/posts/newsletter-email.tsx);
-- here the database accepts that form and nothing else, whoever calls send_newsletter_test or
-- start_newsletter_send. It tokenises the fragment instead of looking for what is bad:
--
--   * every tag is a lower-case element of the allowlist, with only its own attributes, each once,
--     each written ` name="value"`; anything else that starts with < (a comment, CDATA, a doctype,
--     an upper-case or unquoted tag, a tag cut off) is refused;
--   * every element is closed, in order, inside the fragment (it cannot close the frame around it);
--   * text and values hold no raw < or >, and & only as &amp; &lt; &gt; &quot;; no control characters;
--   * a link is https://, http:// or mailto:, judged after its entities are decoded and every space
--     and control character a browser would skip is removed;
--   * a style is `property:value` pairs of a few properties with plain values: no parentheses (so no
--     url() or expression()), no escapes, quotes, comments, entities or negative lengths.
--
-- The refusal says in Bulgarian what was found (the editor shows it) with the hint
-- newsletter_content_unsafe; the detail names it in English.

create or replace function private.check_newsletter_content(html text, plain text) returns void
language plpgsql immutable set search_path = ''
as $$
declare
  -- each element and its attributes besides style: the editor's EMAIL_ELEMENTS
  elements constant jsonb := '{"p": [], "br": [], "hr": [], "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [],
    "strong": [], "em": [], "del": [], "code": [], "pre": [], "blockquote": [], "ul": [], "ol": ["start"], "li": [],
    "a": ["href", "title"], "table": [], "thead": [], "tbody": [], "tr": [], "th": ["align"], "td": ["align"], "sup": []}'::jsonb;
  void_elements constant text[] := array['br', 'hr'];
  style_properties constant text[] := array['color', 'background-color', 'border', 'border-left', 'border-collapse',
    'border-radius', 'padding', 'margin', 'width', 'text-align', 'font-family', 'font-size', 'font-weight', 'font-style',
    'white-space', 'line-height'];
  token text;
  element text;
  attr text[];
  seen text[];
  decl text;
  link text;
  open_elements text[] := array[]::text[];
  what text;    -- what the message names, in Bulgarian
  why text;     -- the same, in English
begin
  if coalesce(btrim(html), '') = '' or coalesce(btrim(plain), '') = '' then
    raise exception 'Публикацията няма текст за имейла.' using errcode = '22023', hint = 'newsletter_content_empty',
      detail = 'The e-mail needs its HTML and its text.';
  end if;
  if octet_length(html) > 400000 or octet_length(plain) > 200000 then
    raise exception 'Публикацията е твърде дълга за имейл.' using errcode = '22023', hint = 'newsletter_content_too_long';
  end if;

  if html ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]' then
    what := 'HTML';
    why := 'a control character';
  end if;

  -- every character is in exactly one token: a tag (from < to the next >, or to the end) or text
  for token in select m[1] from regexp_matches(html, '(<[^>]*>?|[^<]+)', 'g') as r(m) loop
    exit when what is not null;
    if left(token, 1) <> '<' then
      if token ~ '>' or regexp_replace(token, '&(amp|lt|gt|quot);', '', 'g') ~ '&' then
        what := 'HTML';
        why := 'text with a raw > or an entity outside &amp; &lt; &gt; &quot;';
      end if;
    elsif token ~ '^</[a-z][a-z0-9]*>$' then
      element := substring(token from 3 for char_length(token) - 3);
      if cardinality(open_elements) = 0 or open_elements[cardinality(open_elements)] <> element then
        what := 'HTML';
        why := format('the end tag </%s> closes no element open in the fragment', left(element, 20));
      else
        open_elements := open_elements[1:cardinality(open_elements) - 1];
      end if;
    elsif token ~ '^<[a-z][a-z0-9]*( [a-z]+="[^"<>]*")*>$' then
      element := substring(token from '^<([a-z][a-z0-9]*)');
      if not elements ? element then
        what := format('елемент <%s>', left(element, 20));
        why := format('element <%s> is not in the newsletter''s allowlist', left(element, 20));
        continue;
      end if;
      seen := array[]::text[];
      for attr in select regexp_matches(token, ' ([a-z]+)="([^"]*)"', 'g') loop
        if attr[1] = any(seen) or (attr[1] <> 'style' and not (elements -> element) ? attr[1]) then
          what := format('атрибут %s на <%s>', left(attr[1], 20), element);
          why := format('attribute %s on <%s> is not allowed (or twice)', left(attr[1], 20), element);
        elsif attr[1] = 'style' then
          -- `property:value;…` with plain values: letters, digits, # . % , and inner hyphens
          if attr[2] !~ '^[a-z-]+:[^;:]+(;[a-z-]+:[^;:]+)*$' then
            what := 'стил';
          else
            foreach decl in array string_to_array(attr[2], ';') loop
              if not split_part(decl, ':', 1) = any(style_properties)
                 or split_part(decl, ':', 2) !~ '^[a-z0-9#.%,]+(-[a-z0-9#.%,]+)*( [a-z0-9#.%,]+(-[a-z0-9#.%,]+)*)*$' then
                what := 'стил';
              end if;
            end loop;
          end if;
          if what is not null then
            why := format('the style of <%s> is outside the allowed properties and values', element);
          end if;
        elsif regexp_replace(attr[2], '&(amp|lt|gt|quot);', '', 'g') ~ '&' then
          what := 'HTML';
          why := format('attribute %s on <%s> has an entity outside &amp; &lt; &gt; &quot;', attr[1], element);
        elsif attr[1] = 'href' then
          -- as a browser reads it: entities decoded (&amp; last), spaces and control characters gone
          link := replace(replace(replace(replace(attr[2], '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&');
          link := regexp_replace(link, '[\x01-\x20\x7f-\x9f\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]', '', 'g');
          if link !~* '^(https?://|mailto:)' then
            what := 'адрес на връзка';
            why := 'a link that is not https://, http:// or mailto:';
          end if;
        elsif (attr[1] = 'start' and attr[2] !~ '^[0-9]{1,9}$')
           or (attr[1] = 'align' and attr[2] !~ '^(left|center|right)$') then
          what := format('атрибут %s на <%s>', attr[1], element);
          why := format('attribute %s on <%s> has a value it may not have', attr[1], element);
        end if;
        exit when what is not null;
        seen := seen || attr[1];
      end loop;
      if not element = any(void_elements) then
        open_elements := open_elements || element;
      end if;
    else
      -- a comment, CDATA, a doctype, an upper-case, unquoted, self-closing or cut-off tag
      element := lower(substring(token from '^</?([A-Za-z][A-Za-z0-9:-]*)'));
      if element is not null and not elements ? element then
        what := format('елемент <%s>', left(element, 20));
        why := format('element <%s> is not in the newsletter''s allowlist', left(element, 20));
      else
        what := 'HTML';
        why := 'a tag not in the form the editor writes (lower case, attributes in double quotes), a comment or a declaration';
      end if;
    end if;
  end loop;

  if what is null and cardinality(open_elements) > 0 then
    what := 'HTML';
    why := format('<%s> is not closed', open_elements[cardinality(open_elements)]);
  end if;
  if what is not null then
    raise exception 'Имейлът съдържа %, който бюлетинът не допуска. Презаредете редактора и опитайте отново.', what
      using errcode = '22023', hint = 'newsletter_content_unsafe', detail = why;
  end if;
end
$$;
comment on function private.check_newsletter_content(text, text) is
  'Refuses a newsletter''s HTML unless it is the canonical allowlisted fragment the editor writes '
  '(src/admin/posts/newsletter-email.tsx): called by send_newsletter_test and start_newsletter_send.';
