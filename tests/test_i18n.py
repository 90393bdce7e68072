"""Locale files and the lookups (game/i18n): every key everywhere, the same placeholders in every
language, fallback to English, no crash on a missing key, the system language."""

from __future__ import annotations

import locale
import logging
import re
import sys
from pathlib import Path

import pytest

from game.core.config import SeatKind
from game.i18n import (
    FALLBACK,
    LANGUAGES,
    MISSING_CLOSE,
    MISSING_OPEN,
    ORDINAL_FORMS,
    PLURAL_FORMS,
    Locale,
    language_of,
    load,
    placeholders,
    read_catalog,
    resource_path,
    resource_root,
    system_language,
)
from game.rules.bombdeck.cards import RULESETS
from game.rules.registry import playable

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = {lang: read_catalog(lang) for lang in LANGUAGES}
EN = CATALOGS[FALLBACK]


def _texts(lang: str) -> dict[str, str]:
    return {key: value for key, value in CATALOGS[lang].items() if isinstance(value, str)}


def _dummy_params(text: str) -> dict[str, object]:
    names = placeholders(text)
    assert names is not None
    return {name: 7 for name in names}


# --- the files ------------------------------------------------------------------------------

def test_the_three_languages_and_english_fallback() -> None:
    assert LANGUAGES == ("es", "en", "pt")
    assert FALLBACK == "en"
    for lang in LANGUAGES:
        assert resource_path("locales", f"{lang}.toml").is_file()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != FALLBACK])
def test_every_key_exists_in_every_locale(lang: str) -> None:
    keys = set(CATALOGS[lang])
    lacking = sorted(set(EN) - keys)
    extra = sorted(keys - set(EN))
    assert not lacking, f"{lang}.toml lacks {len(lacking)} key(s) of en.toml: {lacking}"
    assert not extra, f"{lang}.toml has {len(extra)} key(s) en.toml lacks: {extra}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_value_is_a_nonempty_well_formed_string(lang: str) -> None:
    bad = [key for key, value in CATALOGS[lang].items()
           if not isinstance(value, str) or not value.strip() or placeholders(value) is None]
    assert not bad, f"{lang}.toml: not a non-empty, well-formed string: {bad}"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != FALLBACK])
def test_same_placeholders_in_every_language(lang: str) -> None:
    differ = []
    for key, text in _texts(lang).items():
        english = EN.get(key)
        if isinstance(english, str) and placeholders(text) != placeholders(english):
            differ.append(f"{key}: {sorted(placeholders(text) or ())} vs en "
                          f"{sorted(placeholders(english) or ())}")
    assert not differ, f"{lang}.toml placeholders differ from en.toml:\n" + "\n".join(differ)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_keys_have_both_forms(lang: str) -> None:
    keys = set(CATALOGS[lang])
    bases = {key.rsplit(".", 1)[0] for key in keys
             if key.rsplit(".", 1)[-1] in PLURAL_FORMS and not key.startswith("ordinal.")}
    assert bases, "some plural keys are expected (table.draws_left, table.owes, …)"
    for base in sorted(bases):
        for form in PLURAL_FORMS:
            assert f"{base}.{form}" in keys, f"{lang}.toml: {base} lacks its '{form}' form"
        other = {key for key in keys if key.startswith(base + ".")} - {
            f"{base}.{form}" for form in PLURAL_FORMS}
        assert not other, f"{lang}.toml: plural {base} has keys besides one/other: {other}"
    for form in ORDINAL_FORMS:
        assert f"ordinal.{form}" in keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_real_key_resolves_in_its_own_language(lang: str) -> None:
    loc = load(lang)
    assert loc.lang == lang and not loc.problems
    for key, text in _texts(lang).items():
        loc.t(key, **_dummy_params(text))
    assert not loc.missing and not loc.format_errors
    assert not loc.fell_back, f"{lang}: fell back to English for {sorted(loc.fell_back)}"


# --- what the front end needs ---------------------------------------------------------------

REQUIRED = (
    "app.title", "title.play_now", "title.new_game", "title.enter_code", "title.rules",
    "title.settings", "title.quit", "newgame.ruleset", "newgame.seats", "newgame.seat",
    "newgame.person", "newgame.options", "newgame.advanced_combos", "newgame.reaction_window",
    "newgame.code", "newgame.start", "newgame.back", "table.your_turn", "table.seat_turn",
    "table.draw_button", "table.draws_left.one", "table.draws_left.other", "table.play",
    "table.cancel", "table.deck", "table.discard", "table.danger_meter", "table.danger_percent",
    "table.clues", "table.clue",
    "log.played", "log.pair", "log.trio", "log.nope", "log.window_cancelled", "log.window_acts",
    "log.drew_private", "log.drew_public", "log.bomb_defused", "log.bomb_hidden_private",
    "log.bomb_hidden_public", "log.exploded", "log.took_private", "log.took_public",
    "log.future_private", "log.future_public", "log.shuffled", "log.shield_spent",
    "log.favor_asked", "log.turn.one", "log.game_over", "react.countdown", "react.press_key",
    "curtain.title", "curtain.show", "curtain.pass_to", "hide.title", "hide.top", "hide.bottom",
    "hide.random", "hide.where_nth", "hide.confirm", "choose.favor_target",
    "choose.card_to_give", "choose.steal_target", "choose.name_card", "results.ranking",
    "results.winner", "results.play_again", "results.same_code", "results.copy_code",
    "results.copied", "results.code", "settings.language", "settings.volume", "settings.mute",
    "settings.speed", "settings.speed_slow", "settings.speed_normal", "settings.speed_fast",
    "settings.reduced_motion", "settings.fullscreen", "settings.reaction_window",
    "settings.fuse_tick", "pause.resume", "pause.settings", "pause.rules", "pause.quit",
    "watch.offer", "watch.fast_forward", "error.bad_code", "seat.person", "game.coming_soon",
)


def test_the_front_end_keys_exist() -> None:
    lacking = [key for key in REQUIRED if key not in EN]
    assert not lacking, f"en.toml lacks {lacking}"


def test_every_game_and_every_language_has_a_name() -> None:
    for game in playable():
        assert f"game.{game}.name" in EN and f"game.{game}.blurb" in EN
    for lang in LANGUAGES:
        assert f"lang.{lang}" in EN


def test_every_machine_level_has_a_name_and_a_description() -> None:
    for kind in SeatKind:
        if kind is SeatKind.PERSON:
            continue
        assert f"level.{kind.value}.name" in EN and f"level.{kind.value}.desc" in EN


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_cards_are_exactly_those_of_the_rule_set(ruleset: str) -> None:
    cards = {key.split(".")[2] for key in EN if key.startswith(f"card.{ruleset}.")}
    assert cards == set(RULESETS[ruleset].cards)
    for lang in LANGUAGES:
        texts = _texts(lang)
        names = [texts[f"card.{ruleset}.{card}.name"] for card in sorted(cards)]
        assert len(set(names)) == len(names), f"{lang}: two cards share a name in {ruleset}"
        for card in cards:
            assert f"card.{ruleset}.{card}.effect" in texts
            assert len(texts[f"card.{ruleset}.{card}.effect"]) <= 60, "one short line"


SPANISH_NAMES = {
    "mazo": {"defuse": "Cortacables", "skip": "Esquivar", "draw_bottom": "Del fondo",
             "see_future": "Espiar", "shuffle": "Revolver", "pass_it": "Pásala",
             "swipe": "Zarpazo", "shield": "Escudo", "calm": "Calma"},
    "bombazo": {"defuse": "Desactivar", "attack": "Atacar", "skip": "Saltar",
                "draw_bottom": "Robar de abajo", "see_future": "Ver el futuro",
                "shuffle": "Barajar", "favor": "Favor", "nope": "¡No!",
                "animal_chicken": "Gallina", "animal_frog": "Rana", "animal_hedgehog": "Erizo",
                "animal_octopus": "Pulpo", "animal_raccoon": "Mapache"},
}


def test_spanish_card_names_are_the_ones_players_know() -> None:
    es = _texts("es")
    for ruleset, names in SPANISH_NAMES.items():
        for card, name in names.items():
            assert es[f"card.{ruleset}.{card}.name"] == name
    assert "gatito" in es["card.clasico.bomb.name"].lower()
    for animal in ("animal_chicken", "animal_frog", "animal_hedgehog", "animal_octopus",
                   "animal_raccoon"):
        for lang in LANGUAGES:
            assert "at" in _texts(lang)[f"card.clasico.{animal}.name"].lower()  # a cat / gato


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_each_rule_set_has_a_rules_page_of_6_to_12_lines(ruleset: str) -> None:
    for lang in LANGUAGES:
        texts = _texts(lang)
        assert f"rules.{ruleset}.title" in texts
        lines = sorted(int(key.rsplit(".", 1)[1]) for key in texts
                       if re.fullmatch(rf"rules\.{ruleset}\.\d+", key))
        assert lines == list(range(1, len(lines) + 1)), "lines are numbered 1, 2, 3, …"
        assert 6 <= len(lines) <= 12


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_rules_page_names_the_machine_levels_as_the_table_does(ruleset: str) -> None:
    """The rules page's line on the machines uses each level's own name in that language
    (a level called one thing on the page and another at the table confuses a newcomer)."""
    from game.bots.registry import levels_for

    for lang in LANGUAGES:
        texts = _texts(lang)
        page = " ".join(v for k, v in texts.items() if re.fullmatch(rf"rules\.{ruleset}\.\d+", k))
        for kind in levels_for(ruleset):
            assert texts[f"level.{kind.value}.name"] in page, (lang, kind)


def test_spanish_and_portuguese_use_their_own_letters() -> None:
    es = "".join(_texts("es").values())
    pt = "".join(_texts("pt").values())
    for char in "¡¿ñáéíóú":
        assert char in es
    for char in "çãõáéó":
        assert char in pt


# --- lookups: fallback, plurals, missing keys -----------------------------------------------

def _locale() -> Locale:
    english = {
        "hello": "Hello, {name}!",
        "broken": "Hello",
        "typed": "Typed",
        "mismatch": "{count} cards",
        "empty": "Empty",
        "braces": "Fine {n}",
        "only_en": "Only in English",
        "bad_en": 42,
        "cards.one": "{n} card",
        "cards.other": "{n} cards",
        "lonely.other": "{n} things",
        "table": {"deck": "Deck"},
    }
    spanish = {
        "hello": "¡Hola, {name}!",
        "broken": "Hola {",
        "typed": 3,
        "mismatch": "{n} cartas",
        "empty": "",
        "braces": "Bien {n!r}",
        "bad_en": "Sólo aquí",
        "cards.one": "{n} carta",
        "cards.other": "{n} cartas",
        "table.deck": "Mazo",
        "only_es": "Solo en español",
    }
    return Locale("es", spanish, english)


def test_t_formats_named_placeholders() -> None:
    loc = _locale()
    assert loc.t("hello", name="Ana") == "¡Hola, Ana!"
    assert loc.t("table.deck") == "Mazo"  # nested tables and dotted keys are the same key
    assert not loc.missing and not loc.fell_back


@pytest.mark.parametrize(("key", "params", "english"), [
    ("broken", {}, "Hello"),            # broken braces
    ("typed", {}, "Typed"),             # not a string
    ("mismatch", {"count": 2, "n": 2}, "2 cards"),  # other placeholders than English
    ("empty", {}, "Empty"),             # empty string
    ("braces", {"n": 1}, "Fine 1"),     # a conversion is not allowed
    ("only_en", {}, "Only in English"),  # missing in Spanish
])
def test_a_missing_or_malformed_key_falls_back_to_english(
        key: str, params: dict[str, object], english: str) -> None:
    loc = _locale()
    assert loc.t(key, **params) == english
    assert key in loc.fell_back and key not in loc.missing
    assert loc.has(key)


def test_a_key_missing_everywhere_gives_the_bracketed_key() -> None:
    loc = _locale()
    assert loc.t("no.such.key", x=1) == f"{MISSING_OPEN}no.such.key{MISSING_CLOSE}" \
        == "⟦no.such.key⟧"
    assert loc.missing == {"no.such.key"}
    assert not loc.has("no.such.key") and "no.such.key" in loc.missing
    assert loc.plural("nothing", 2) == "⟦nothing.other⟧"
    assert loc.t("table") == "⟦table⟧"  # a table is not a text


def test_a_language_may_keep_a_key_english_lacks_or_holds_malformed() -> None:
    loc = _locale()
    assert loc.t("only_es") == "Solo en español"
    assert loc.t("bad_en") == "Sólo aquí"


def test_a_forgotten_parameter_never_crashes() -> None:
    loc = _locale()
    assert loc.t("hello") == "¡Hola, {name}!"
    assert loc.format_errors == {"hello"}
    assert loc.t("hello", name="Ana", extra=1) == "¡Hola, Ana!"  # extra ones are ignored


def test_the_key_and_n_can_be_placeholder_names() -> None:
    loc = Locale("en", {"press": "press {key}", "x.one": "{n} {key}", "x.other": "{n} {key}s"})
    assert loc.t("press", key="1") == "press 1"
    assert loc.plural("x", 2, key="nope") == "2 nopes"


@pytest.mark.parametrize(("n", "text"), [(1, "1 carta"), (0, "0 cartas"), (2, "2 cartas"),
                                         (21, "21 cartas"), (-1, "-1 cartas")])
def test_plural_one_is_exactly_one(n: int, text: str) -> None:
    assert _locale().plural("cards", n) == text


def test_plural_without_a_one_form_uses_other() -> None:
    loc = _locale()
    assert loc.plural("lonely", 1) == "1 things"
    assert not loc.missing


def test_real_plurals_and_ordinals() -> None:
    es, en, pt = load("es"), load("en"), load("pt")
    assert en.plural("table.draws_left", 2) == "2 left"
    assert es.plural("table.draws_left", 1) == "te queda 1"
    assert es.plural("table.danger_bombs", 1) == "1 bomba"
    assert pt.plural("table.danger_cards", 3) == "3 cartas"
    assert [en.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st",
        "111th"]
    assert es.ordinal(3) == "3º" and pt.ordinal(1) == "1º"
    assert en.t("hide.where_nth", nth=en.ordinal(3)) == "3rd from the top"


def test_load_of_an_unknown_language_gives_english() -> None:
    for tag in ("fr", "", "klingon", "C", "xx_YY"):
        loc = load(tag)
        assert loc.lang == "en"
        assert loc.t("title.play_now") == EN["title.play_now"]
    assert load("pt_BR.UTF-8").lang == "pt"
    assert load("es-419").lang == "es"


def test_load_falls_back_key_by_key_from_files(tmp_path: Path) -> None:
    (tmp_path / "en.toml").write_text('[a]\nx = "X {n}"\ny = "Y"\n', encoding="utf-8")
    (tmp_path / "es.toml").write_text('[a]\nx = "Equis {m}"\n', encoding="utf-8")
    loc = load("es", tmp_path)
    assert loc.t("a.x", n=1, m=2) == "X 1"
    assert loc.t("a.y") == "Y"
    assert loc.fell_back == {"a.x", "a.y"} and not loc.problems


def test_unreadable_locale_files_do_not_crash(tmp_path: Path) -> None:
    (tmp_path / "pt.toml").write_text("this is = = not toml", encoding="utf-8")
    loc = load("pt", tmp_path)
    assert len(loc.problems) == 2  # en.toml missing, pt.toml broken
    assert loc.t("title.quit") == "⟦title.quit⟧"


LOCALE_DEFECTS: dict[str, bytes] = {
    "nested too deeply": b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
    "tables nested too deeply": b"[" + b".".join([b"a"] * 5000) + b"]\nb = 1\n",
    "a 5,000-digit integer": b'[title]\nquit = "Q"\nn = ' + b"9" * 5000 + b"\n",
    "not TOML": b"this is = = not toml",
    "not UTF-8": b'[title]\nquit = "\xff\xfe"\n',
}
"""Issue 8: a locale file damaged in any of these ways must not stop the game."""


@pytest.mark.parametrize("damaged", ["es", "en"])
@pytest.mark.parametrize("defect", LOCALE_DEFECTS)
def test_a_damaged_locale_file_falls_back_with_a_warning(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, damaged: str, defect: str) -> None:
    (tmp_path / "es.toml").write_text('[title]\nquit = "Salir"\n', encoding="utf-8")
    (tmp_path / "en.toml").write_text('[title]\nquit = "Quit"\n', encoding="utf-8")
    (tmp_path / f"{damaged}.toml").write_bytes(LOCALE_DEFECTS[defect])
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        loc = load("es", tmp_path)
    assert loc.t("title.quit") == ("Quit" if damaged == "es" else "Salir")
    assert len(loc.problems) == 1 and f"{damaged}.toml" in loc.problems[0]
    assert "\n" not in loc.problems[0] and len(loc.problems[0]) < 300
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and f"{damaged}.toml" in warnings[0]


@pytest.mark.parametrize(("text", "names"), [
    ("plain", frozenset()), ("{a} and {b} and {a}", frozenset({"a", "b"})),
    ("{{literal}}", frozenset()), ("{percent:.0f} %", frozenset({"percent"})),
    ("{", None), ("}", None), ("{}", None), ("{0}", None), ("{a.b}", None), ("{a[0]}", None),
    ("{a!r}", None), ("{a:{b}}", None),
])
def test_placeholders(text: str, names: frozenset[str] | None) -> None:
    assert placeholders(text) == names


# --- system language --------------------------------------------------------------------------

@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "pt_BR.UTF-8"}, "pt"),
    ({"LANG": "es_AR"}, "es"),
    ({"LANG": "es_ES.UTF-8@euro"}, "es"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LC_ALL": "pt_PT.UTF-8", "LANG": "es_ES.UTF-8"}, "pt"),
    ({"LC_MESSAGES": "es_MX", "LANG": "pt_BR"}, "es"),
    ({"LANGUAGE": "pt_BR:es", "LC_ALL": "es_ES.UTF-8"}, "pt"),
    ({"LANGUAGE": "fr:es", "LANG": "pt_BR"}, "es"),
    ({"LANGUAGE": "fr:de", "LANG": "pt_BR"}, "en"),
    ({"LANGUAGE": "", "LC_ALL": "", "LANG": "es_CL.UTF-8"}, "es"),
    ({"LANG": "es-419"}, "es"),
])
def test_system_language_from_the_environment(environ: dict[str, str], expected: str) -> None:
    assert system_language(environ) == expected


@pytest.mark.parametrize(("reported", "expected"), [
    (("es_ES", "UTF-8"), "es"), (("pt_BR", "UTF-8"), "pt"), (("Spanish_Spain", "1252"), "es"),
    (("Portuguese_Brazil", "1252"), "pt"), (("de_DE", "UTF-8"), "en"), ((None, None), "en"),
])
def test_system_language_from_the_os_locale(monkeypatch: pytest.MonkeyPatch,
                                            reported: tuple[str | None, str | None],
                                            expected: str) -> None:
    monkeypatch.setattr(locale, "getlocale", lambda *args: reported)
    assert system_language({}) == expected


def test_system_language_survives_a_broken_os_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> tuple[str | None, str | None]:
        raise ValueError("unknown locale: UTF-8")

    monkeypatch.setattr(locale, "getlocale", broken)
    assert system_language({}) == "en"


def test_system_language_reads_os_environ_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert system_language() == "pt"


@pytest.mark.parametrize(("tag", "lang"), [("pt", "pt"), ("PT-br", "pt"), ("english", "en"),
                                           (None, None), ("", None), ("zz", None)])
def test_language_of(tag: str | None, lang: str | None) -> None:
    assert language_of(tag) == lang


# --- the resource resolver ----------------------------------------------------------------------

def test_resource_path_from_source() -> None:
    assert resource_root() == ROOT
    assert resource_path("assets", "fonts", "DejaVuSans.ttf") == \
        ROOT / "assets" / "fonts" / "DejaVuSans.ttf"
    assert resource_path("locales", "es.toml").is_file()


def test_resource_path_in_a_pyinstaller_bundle(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resource_root() == tmp_path
    assert resource_path("locales", "en.toml") == tmp_path / "locales" / "en.toml"
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "en.toml").write_text('[title]\nquit = "Bye"\n', encoding="utf-8")
    assert load("en").t("title.quit") == "Bye"
