"""What the person at the table can do with the cards they selected: the read panel's options,
and the choosers a play needs (a target seat, a card to name) before it is submitted."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules.bombdeck import actions as A
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import ANIMALS
from game.ui.bombdeck.choosers import NameCardChooser, SeatChooser
from game.ui.bombdeck.names import Namer
from game.ui.bombdeck.readpanel import Option

if TYPE_CHECKING:
    from game.ui.scene import Scene

Submit = Callable[[Action], object]

TARGET_TITLES = {"favor": "choose.favor_target", "swipe": "choose.swipe_target",
                 A.PAIR: "choose.steal_target", A.TRIO: "choose.trio_target"}


UNPLAYABLE = frozenset({"defuse", "nope"})
"""Cards never played alone on a turn (a nope answers a play): their reason says why."""


def reason_for(namer: Namer, card: str) -> str:
    """Why ``card`` cannot be played alone now (on your turn)."""
    name = namer.card(card)
    if card == "defuse":
        return namer.t("table.cannot_play_defuse", card=name, bomb=namer.card("bomb"))
    if card == "nope":
        return namer.t("table.cannot_play_nope", card=name)
    if card in ANIMALS:
        return namer.t("table.cannot_play_animal", card=name)
    return namer.t("table.cannot_play", card=name)


def seat_label(namer: Namer, seat: int, cards: int) -> str:
    return f"{namer.seat(seat)} · {namer.plural('table.cards_in_hand', cards)}"


class Decider:
    """Builds options for a selection and runs the choosers a play needs."""

    def __init__(self, scene: Scene[None], namer: Namer, submit: Submit,
                 cards_of: Callable[[int], int],
                 say: Callable[[str], None] | None = None) -> None:
        """``say``: shows the table a line about a choice made for the person (the only seat
        that could be chosen)."""
        self.scene = scene
        self.namer = namer
        self.submit = submit
        self.cards_of = cards_of
        self.say = say

    def options(self, card: str, selected: int, held: int, legal: list[Action],
                on_combo: Callable[[int], None]) -> tuple[list[Option], str]:
        """The buttons for ``selected`` copies of ``card`` (``held`` in hand), and a reason
        when nothing can be done with it on this turn."""
        t = self.namer.t
        singles = [a for a in legal if a.verb == A.PLAY and a.card == card]
        pairs = [a for a in legal if a.verb == A.PAIR and a.card == card] if held >= 2 else []
        trios = [a for a in legal if a.verb == A.TRIO and a.card == card] if held >= 3 else []
        sizes = [n for n, acts in ((1, singles), (2, pairs), (3, trios)) if acts]
        primary = selected if selected in sizes else (min(sizes) if sizes else 0)
        def run(size: int, actions: list[Action]) -> Callable[[], None]:
            def go() -> None:
                if size == 1:
                    self.play(actions)
                else:
                    on_combo(size)
                    self.combo(actions)
            return go

        out: list[Option] = []
        for size, key, acts in ((1, "table.play", singles), (2, "table.play_pair", pairs),
                                (3, "table.play_trio", trios)):
            if acts:
                out.append(Option(t(key), run(size, acts), primary == size))
        if out:
            return out, ""
        if not legal and card not in UNPLAYABLE and card not in ANIMALS:
            # somebody else's turn: say so, not nothing (review 4)
            return out, t("table.not_your_turn_card", card=self.namer.card(card))
        return out, reason_for(self.namer, card)

    # --- running a play ------------------------------------------------------------------------

    def play(self, actions: list[Action]) -> None:
        if not actions:
            return
        if actions[0].target is None:
            self.submit(actions[0])
            return
        self._pick_target(actions, self.submit)

    def combo(self, actions: list[Action]) -> None:
        if not actions:
            return
        if actions[0].verb == A.TRIO:
            self._pick_target(actions, self._name_card(actions))
        else:
            self._pick_target(actions, self.submit)

    def _pick_target(self, actions: list[Action], then: Submit) -> None:
        first = actions[0]
        key = TARGET_TITLES.get(first.verb if first.verb != A.PLAY else first.card or "",
                                "choose.steal_target")
        targets = sorted({a.target for a in actions if a.target is not None})
        by_target = {a.target: a for a in actions}
        labels = [(s, seat_label(self.namer, s, self.cards_of(s))) for s in targets]

        def chosen(seat: object) -> None:
            if isinstance(seat, int) and seat in by_target:
                then(by_target[seat])

        if len(targets) == 1:  # a chooser with one button is no choice: play it, and say so
            only = targets[0]
            chosen(only)
            if self.say is not None:
                self.say(self.namer.t("choose.only_target", card=self.namer.card(first.card
                                                                                 or ""),
                                      name=self.namer.seat(only)))
            return
        self.scene.push(SeatChooser(self.scene.app, self.namer.t(key), labels), chosen)

    def _name_card(self, actions: list[Action]) -> Submit:
        def ask(picked: Action) -> None:
            options = [a for a in actions if a.target == picked.target and a.named]
            by_name = {a.named: a for a in options}
            choices = [(name, self.namer.card(name), "")
                       for name in sorted(n for n in by_name if n is not None)]

            def named(card: object) -> None:
                if isinstance(card, str) and card in by_name:
                    self.submit(by_name[card])

            self.scene.push(NameCardChooser(self.scene.app, self.namer.t("choose.name_card"),
                                            choices, self.namer.art, self.namer.short), named)

        return ask
