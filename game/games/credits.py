"""Who made each game in the catalog, and where the app's rules came from (the credits screen shows them).

The facts were copied from the games' rulebooks (the Italian texts the rules were written from) and the
rules specifications written from them; nothing here is read from outside the repository at run time.
Proper names stay as printed; the words around them are catalog texts (``credits.*`` in the scenes domain).
A fact the sources do not give is left out rather than guessed (Spanish Main's year; the Italian translator
of Island Race's and of Pirates, Planks & Pesetas' rules)."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.core.protocol import Text


@dataclass(frozen=True)
class GameCredits:
    designers: tuple[str, ...]
    publisher: str
    year: int | None                       # None: the sources give no year
    original_title: str | None             # the boxed game's own title, when the app shows another name
    rules_key: str                         # the catalog text naming the source of the app's rules
    rules_params: dict[str, str] = field(default_factory=dict)
    #: the names the rules source line must show (translators, the edition's publisher)
    rules_names: tuple[str, ...] = ()

    def rules_text(self) -> Text:
        return Text.of(self.rules_key, **self.rules_params)


CREDITS: dict[str, GameCredits] = {
    # Italian rulebook, credits page: "Ideazione: Luca Bellini ... Copyright © MMXIV - dV Giochi, daVinci Editrice
    # S.r.l."; the game won the Gioco Inedito 2013/2014 contest of Lucca Comics & Games.
    "playa-pirata": GameCredits(
        ("Luca Bellini",), "dV Giochi", 2014, None, "credits.rules.original"),
    # The Italian text's header: "Kosmos 2004, designed by Kai Haferkamp, English translation by Pitt Crandlemire";
    # the Italian text is a rendering of that English translation and does not name its translator.
    "planks": GameCredits(
        ("Kai Haferkamp",), "Kosmos", 2004, "Piraten, Planken & Peseten",
        "credits.rules.relay", {"translator": "Pitt Crandlemire"}, ("Pitt Crandlemire",)),
    # Italian rulebook: "Ideazione: Michael Schacht ... Pubblicato da daVinci Editrice S.r.l. ... su licenza
    # Pegasus Spiele GmbH. © 2015 Pegasus Spiele"; it names no translator.
    "island-race": GameCredits(
        ("Michael Schacht",), "Pegasus Spiele", 2015, "Mondo – Der rasante Legespaß",
        "credits.rules.edition", {"publisher": "dV Giochi"}, ("dV Giochi",)),
    # Italian rulebook: "Autore – Scott Peterson ... Traduzione (18 agosto 2006) Claudio Cicconetti"; published by
    # the Mendocino Game Company in July 1995.
    "pirateer": GameCredits(
        ("Scott Peterson",), "Mendocino Game Company", 1995, None,
        "credits.rules.translated", {"translator": "Claudio Cicconetti", "year": "2006"}, ("Claudio Cicconetti",)),
    # WizKids; designers as announced (Bryan Kinsella and Phil Harding); the year is not printed (first known
    # review April 2013). Italian rules: "Traduzione italiana a cura di: Fabrizio & Corinna (La Scimmia Sul Tavolo)".
    "spanish-main": GameCredits(
        ("Bryan Kinsella", "Phil Harding"), "WizKids", None, "Pirates of the Spanish Main: The Card Game",
        "credits.rules.translated_by", {"translator": "Fabrizio & Corinna (La Scimmia Sul Tavolo)"},
        ("Fabrizio & Corinna",)),
}


def designers_text(names: tuple[str, ...]) -> Text | str:
    if len(names) == 1:
        return names[0]
    return Text.of("credits.and", a=", ".join(names[:-1]), b=names[-1])


def has_credits(game_id: str) -> bool:
    """Whether the credits can name this game's designer, publisher and rules (every game of the catalog does:
    ``tests/app/test_credits.py``; a game the tests add for a while does not)."""
    return game_id in CREDITS


def credits_text(game_id: str, name: Text) -> Text:
    """'<game> (<original title>): designed by ...; published by ... (<year>). Rules from ...'"""
    c = CREDITS[game_id]
    title = Text.of("credits.title_original", game=name, original=c.original_title) if c.original_title else name
    key = "credits.made_year" if c.year else "credits.made"
    made = Text.of(key, game=title, designers=designers_text(c.designers), publisher=c.publisher,
                   year=str(c.year or ""))
    return Text.of("credits.game", made=made, rules=c.rules_text())
