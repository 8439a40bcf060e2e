-- The e-mails' bodies, as supabase db lint (plpgsql_check) wants them and a little better:
--
--   * private.mail_bodies declared an `i` that its loops never used (each FOR declares its own):
--     the one warning the linter found in the schema.
--   * A fact whose value is an https address (the meeting link of a booking's e-mails) is a link
--     in the HTML part, not text a reader must copy; the text part is unchanged.

create or replace function private.mail_bodies(heading text, paragraphs text[], facts text[], actions text[], notes text[], closing text)
returns jsonb
language plpgsql immutable set search_path = ''
as $$
declare
  html text;
  plain text;
  p text;
begin
  html := '<!doctype html><html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
    || '<title>' || private.html_text(heading) || '</title></head>'
    || '<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">'
    || '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">'
    || '<h1 style="font-size:22px;margin:0 0 16px">' || private.html_text(heading) || '</h1>';
  plain := heading || E'\n' || repeat('=', char_length(heading)) || E'\n\n';
  foreach p in array coalesce(paragraphs, array[]::text[]) loop
    html := html || '<p style="margin:0 0 12px">' || private.html_text(p) || '</p>';
    plain := plain || p || E'\n\n';
  end loop;
  if coalesce(array_length(facts, 1), 0) > 0 then
    html := html || '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">';
    for i in 1 .. array_length(facts, 1) loop
      html := html || '<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;color:#334155">'
        || private.html_text(facts[i][1]) || '</th><td style="padding:4px 0">'
        || case when facts[i][2] ~ '^https://\S+$'
                then '<a href="' || private.html_text(facts[i][2]) || '" style="color:#1d4ed8">' || private.html_text(facts[i][2]) || '</a>'
                else private.html_text(facts[i][2]) end
        || '</td></tr>';
      plain := plain || facts[i][1] || ': ' || facts[i][2] || E'\n';
    end loop;
    html := html || '</table>';
    plain := plain || E'\n';
  end if;
  if coalesce(array_length(actions, 1), 0) > 0 then
    for i in 1 .. array_length(actions, 1) loop
      html := html || '<p style="margin:0 0 12px"><a href="' || private.html_text(actions[i][2])
        || '" style="color:#1d4ed8;font-weight:bold">' || private.html_text(actions[i][1]) || '</a></p>';
      plain := plain || actions[i][1] || ': ' || actions[i][2] || E'\n';
    end loop;
    plain := plain || E'\n';
  end if;
  foreach p in array coalesce(notes, array[]::text[]) loop
    html := html || '<p style="margin:0 0 12px;font-size:14px;color:#334155">' || private.html_text(p) || '</p>';
    plain := plain || p || E'\n\n';
  end loop;
  html := html || '<p style="margin:16px 0 0;color:#334155">' || replace(private.html_text(closing), E'\n', '<br>') || '</p></div></body></html>';
  plain := plain || closing || E'\n';
  return jsonb_build_object('html', html, 'text', plain);
end
$$;
