// The table's format from its rules (shared/spades/rules.py RuleSet.players and
// .partnerships): how many seats, which seats score together (RuleSet.teams), the seat
// names, where each seat sits on the screen, the hand and the deck. Seats go clockwise
// from 0; the viewer always sits at the bottom.

import { said, t } from "../i18n.js";

// Seat names by table size, clockwise from the bottom seat (seat 0 is South).
const NAMES = {
  2: ["South", "North"], // i18n: the seats' ids, the keys of seat.*
  3: ["South", "West", "East"], // i18n: ids
  4: ["South", "West", "North", "East"], // i18n: ids
  6: ["South", "Southwest", "Northwest", "North", "Northeast", "Southeast"], // i18n: ids
};
const SHORT = { South: "S", North: "N", West: "W", East: "E", Southwest: "SW", Northwest: "NW",
  Northeast: "NE", Southeast: "SE" };
// Where the seat k places clockwise from the viewer sits on the felt (table.css at-*).
const PLACES = {
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  6: ["bottom", "lower-left", "upper-left", "top", "upper-right", "lower-right"],
};

/** The formats, for the lobby's format choice and the table's title; ``short``: whether
 * the title names the format (format.short.<id>; not the usual game). Their names are
 * the catalogue's format.* (private_form.js). */
export const FORMATS = {
  partners: { short: false },
  cutthroat: { short: true },
  three_handed: { short: true },
  two_handed: { short: true },
  six_handed: { short: true },
};

/** The format id of ``rules`` ("partners" for the four-player partnership game). */
export function formatId(rules) {
  const players = (rules && rules.players) || 4;
  const partners = !rules || rules.partnerships !== false;
  if (players === 4) return partners ? "partners" : "cutthroat";
  return { 2: "two_handed", 3: "three_handed", 6: "six_handed" }[players] || "partners";
}

export class Format {
  /** ``rules``: a RuleSet dict (the view's or the lobby's); none: four in partnerships.
   * ``count``: the number of seats when the rules are not known yet. */
  constructor(rules, count = null) {
    this.players = (rules && rules.players) || count || 4;
    this.solo = !!rules && rules.partnerships === false;
    if (this.players === 2 || this.players === 3) this.solo = true;
    const n = this.players;
    const seats = [...Array(n).keys()];
    // As RuleSet.teams: partners sit opposite (n / 2 apart); solo, each seat alone.
    this.teams = this.solo ? seats.map((s) => [s]) : seats.slice(0, n / 2).map((s) => [s, s + n / 2]);
    this.names = NAMES[n] || seats.map((s) => `Seat ${s + 1}`); // i18n: an id (seatName says it)
    this.places = PLACES[n] || PLACES[4];
    this.id = formatId(rules || { players: n });
    this.drawGame = n === 2;
    // 52 cards, or two decks without the 2♣s for six; three leave one card out.
    this.handSize = n === 3 || n === 6 ? 17 : 13;
  }

  get seats() {
    return [...Array(this.players).keys()];
  }

  /** The side (index of ``teams``, of the view's ``scores`` and ``bags``) of ``seat``. */
  teamOf(seat) {
    return this.teams.findIndex((team) => team.includes(seat));
  }

  /** The partner of ``seat``, or null (solo formats). */
  partnerOf(seat) {
    if (seat === null || seat === undefined || this.solo) return null;
    const team = this.teams[this.teamOf(seat)];
    return team.find((s) => s !== seat) ?? null;
  }

  /** The seat's name in the page's language (the catalogue's "seat.South"...). */
  seatName(seat) {
    const name = this.names[seat];
    return NAMES[this.players] && name ? said(name, `seat.${name}`) : t("format.seat", { number: seat + 1 });
  }

  /** The seat's initials in the page's language ("W", "O" in French and Spanish). */
  shortName(seat) {
    const name = this.names[seat];
    return SHORT[name] ? said(SHORT[name], `seat.short.${name}`) : this.seatName(seat)[0]; // i18n: a key
  }

  /** Where ``seat`` sits on this screen, the viewer (null: seat 0) at the bottom. */
  place(seat, viewer) {
    const n = this.players;
    return this.places[(seat - (viewer ?? 0) + n) % n];
  }

  /** The seats from the viewer round the table clockwise (the viewer first). */
  fromViewer(viewer) {
    const n = this.players;
    return this.seats.map((k) => ((viewer ?? 0) + k) % n);
  }

  /** The cards a deal hands out (the two-handed game draws its hand instead: 0). */
  get dealtCards() {
    return this.drawGame ? 0 : this.handSize * this.players;
  }
}
