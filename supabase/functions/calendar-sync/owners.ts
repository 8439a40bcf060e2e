// Whose calendar a feed is: the addresses of its owner, so that an invitation the owner has not
// accepted is told from a meeting they will attend (RFC 5545: the owner's own ATTENDEE line and
// its PARTSTAT). An ICS feed does not say whose it is, so the owner is known from, in turn:
//
//   1. the address the admin gave with the feed ("Вашият имейл в този календар"), if any;
//   2. Google Calendar's secret address, which names the calendar: for a person's own calendar
//      that is their address (…/calendar/ical/<address>/private-…/basic.ics);
//   3. the calendar's name (X-WR-CALNAME) when it is an e-mail address, as Google names a
//      person's own calendar;
//   4. failing all of these, the feed itself: the one address that takes part (as organizer or
//      guest) in every event that has guests, when there are at least two such events. Strangers'
//      invitations cannot make another address common to the owner's own meetings.
//
// Pure TypeScript, no Deno API.
import type { Component } from './ical.ts';

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** An ATTENDEE's or ORGANIZER's address as compared: no mailto:, lower case; null if it is none. */
export function normalizeAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const address = value.trim().replace(/^mailto:/i, '').trim().toLowerCase();
  return ADDRESS.test(address) ? address : null;
}

/** The address a Google Calendar secret address is for, if it names a person's calendar. */
export function googleCalendarOwner(url: string | null): string | null {
  const m = url ? /^https?:\/\/(?:calendar\.google\.com|www\.google\.com)\/calendar\/ical\/([^/?#]+)\//i.exec(url) : null;
  if (!m) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return null;
  }
  const address = normalizeAddress(id);
  // shared, imported and holiday calendars have ids of Google's own (…@group.calendar.google.com)
  return address && !/\.calendar\.google\.com$/.test(address) ? address : null;
}

/** The addresses of the people in an event: its organizer and its guests. */
function people(vevent: Component): string[] {
  const out: string[] = [];
  for (const name of ['organizer', 'attendee']) {
    for (const p of vevent.getAllProperties(name)) {
      for (const value of [p.getFirstValue(), p.getParameter('email')]) {
        const address = normalizeAddress(value);
        if (address) out.push(address);
      }
    }
  }
  return out;
}

/** The owner's addresses by the rules above; empty when the feed does not tell. */
export function ownerAddresses(given: (string | null | undefined)[], calendarNames: string[], calendars: Component[]): Set<string> {
  const owners = new Set<string>();
  for (const value of [...given, ...calendarNames]) {
    const address = normalizeAddress(value);
    if (address) owners.add(address);
  }
  if (owners.size) return owners;
  let common = new Set<string>();
  let events = 0;
  for (const calendar of calendars) {
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      if (!vevent.hasProperty('attendee')) continue;
      events++;
      const here = new Set(people(vevent));
      common = events === 1 ? here : new Set([...common].filter((a: string) => here.has(a)));
    }
  }
  if (events >= 2 && common.size === 1) owners.add([...common][0]);
  return owners;
}

/**
 * Whether the owner has not accepted this event: it is someone else's, the owner is among its
 * guests, and every one of the owner's ATTENDEE lines says NEEDS-ACTION (also when it says
 * nothing, RFC 5545's default) or DECLINED. TENTATIVE ("maybe") keeps the time, as does an event
 * the owner organizes or one that does not name them.
 */
export function notAccepted(vevent: Component, owners: Set<string>): boolean {
  if (!owners.size) return false;
  const organizer = normalizeAddress(vevent.getFirstPropertyValue('organizer'));
  if (organizer && owners.has(organizer)) return false;
  const mine = vevent.getAllProperties('attendee').filter((p) => {
    const address = normalizeAddress(p.getFirstValue()) ?? normalizeAddress(p.getParameter('email'));
    return address !== null && owners.has(address);
  });
  if (!mine.length) return false;
  return mine.every((p) => {
    const partstat = String(p.getParameter('partstat') ?? 'NEEDS-ACTION').toUpperCase();
    return partstat === 'NEEDS-ACTION' || partstat === 'DECLINED';
  });
}
