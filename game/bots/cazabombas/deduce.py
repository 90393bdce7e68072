"""What a seat can deduce about the wires it cannot see, from its view alone.

Every uncut wire on another seat's stand is a *slot*. A slot's *domain* is the set of keys it
can still hold: between the keys of the cut wires around it (a stand is sorted), equal to its
token's class, not a class a detector's miss or the General Radar ruled out. What is left to
place is the bomb's public composition minus the cut wires and the seat's own.

A *layout* gives every slot a key so that each stand stays sorted and the counts come out
exactly ("X of Y" colours: the right number of candidates, whichever they are; every "holds"
claim met). Layouts are counted by a dynamic programme over the keys in ascending order: since
a stand is sorted, the copies of one key that go to a stand fill its next slots in a row, so
the state is just how many slots of each stand are filled (plus the X-of-Y counters and the
claims met). A layout is weighted by how likely a shuffle deals it (1/m! for m equal wires on
one stand). A backward pass gives each slot's chance of each key, and the chance that two
slots of one stand share a key (the detectors need it).

When the table is too large for the budget, each stand is counted against the pooled rest
(its slots' order and claims dropped): a relaxation, so it admits every true layout and more,
and a wire it calls certain is certain. The exact count is then unknown (``layouts`` is None).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise, product
from math import factorial

from game.rules.cazabombas import wires as W
from game.rules.cazabombas.view import CazaView
from game.rules.cazabombas.wires import Value, class_of

SIZE_GATE = 500
"""Above this estimate of the widest level (the product of the stands' feasible fill ranges),
the exact count is not tried: measured, it would take well over 100 ms."""
STATE_CAP = 1_500
"""States per key level the exact count may hold before it gives way to the relaxation."""
TRANSITION_CAP = 25_000
"""Transitions the exact count may walk (forward) before it gives way."""

_INV_FACT = [1.0 / factorial(n) for n in range(64)]


class _TooBig(Exception):
    """The exact count would exceed its budget."""


@dataclass(slots=True)
class Analysis:
    """What a seat knows about the hidden wires. Probabilities are of the weighted layouts."""

    keys: tuple[int, ...]
    """Every key a hidden wire may have, ascending."""
    slots: dict[tuple[int, int], dict[int, float]] = field(default_factory=dict)
    """(stand, index) → key → chance, for every uncut wire of the other seats."""
    pairs: dict[tuple[int, int, int, int], float] = field(default_factory=dict)
    """(stand, a, b, key) with a < b → chance that both wires hold ``key``."""
    stand_has: dict[tuple[int, int], float] = field(default_factory=dict)
    """(stand, key) → chance that an uncut wire of that stand holds ``key``."""
    layouts: float | None = None
    """The number of consistent layouts (unweighted), when counted exactly."""
    exact: bool = False

    def chance(self, stand: int, index: int, values: Sequence[Value]) -> float:
        """The chance that the wire is of one of ``values`` (classes)."""
        found = self.slots.get((stand, index))
        if found is None:
            return 0.0
        return sum(p for key, p in found.items() if class_of(key) in values)

    def red(self, stand: int, index: int) -> float:
        return self.chance(stand, index, (W.RED,))

    def both(self, stand: int, a: int, b: int, value: Value) -> float:
        """The chance that wires ``a`` and ``b`` of one stand are both ``value`` (a number)."""
        if a > b:
            a, b = b, a
        if not isinstance(value, int):
            return 0.0
        return self.pairs.get((stand, a, b, W.blue_key(value)), 0.0)

    def any_of(self, stand: int, indices: Sequence[int], value: int) -> float:
        """The chance that one of the wires is ``value``: in a sorted stand the wires of one
        number are side by side, so the union is the sum less the consecutive pairs."""
        ordered = sorted(indices)
        total = sum(self.chance(stand, i, (value,)) for i in ordered)
        total -= sum(self.both(stand, a, b, value) for a, b in pairwise(ordered))
        return min(1.0, max(0.0, total))

    def certain_key(self, stand: int, index: int) -> int | None:
        found = self.slots.get((stand, index))
        if not found:
            return None
        best = max(found.items(), key=lambda item: item[1])
        return best[0] if best[1] >= 1.0 - 1e-9 else None


@dataclass(slots=True)
class _Problem:
    keys: list[int]
    counts: list[tuple[int, ...]]
    """Per key: how many copies may be hidden (one value, or 0 and 1 for an X-of-Y
    candidate)."""
    kinds: list[int]
    """Per key: 0, or 1 / 2 when it is an uncertain yellow / red candidate."""
    targets: tuple[int, int]
    """How many uncertain yellow and red candidates the hidden wires hold."""
    stands: list[int]
    """The stands with slots, in table order."""
    slot_index: list[list[int]]
    """Per stand: the index in the stand of each slot, in order."""
    domains: list[list[int]]
    """Per stand, per slot: bitmask over ``keys``."""
    cut_counts: list[list[int]]
    """Per stand, per key: wires of that key already cut there (for the weights)."""
    claims: list[tuple[frozenset[int], int]]
    """(stands of a seat, keys mask of a class) it is known to hold."""


def _problem(view: CazaView) -> _Problem:
    me = view.seat
    stands = view.stands
    blue_left = list(view.blue_counts)
    seen: set[int] = set()
    for g, stand in enumerate(stands):
        mine = view.stand_owner[g] == me
        for wire in stand:
            if wire.key is not None and (wire.cut or mine):
                seen.add(wire.key)
                if W.is_blue(wire.key):
                    blue_left[wire.key // 10] -= 1
    keys: list[int] = []
    counts: list[tuple[int, ...]] = []
    kinds: list[int] = []
    for n in range(1, W.BLUE_MAX + 1):
        if blue_left[n] > 0:
            keys.append(W.blue_key(n))
            counts.append((blue_left[n],))
            kinds.append(0)
    targets = [0, 0]
    for kind, board, count in ((1, view.yellow_board, view.yellow_count),
                               (2, view.red_board, view.red_count)):
        uncertain = len(board) > count
        known_in = sum(1 for key in board if key in seen)
        if uncertain:
            targets[kind - 1] = count - known_in
        for key in board:
            if key in seen:
                continue
            keys.append(key)
            counts.append((0, 1) if uncertain else (1,))
            kinds.append(kind if uncertain else 0)
    order = sorted(range(len(keys)), key=keys.__getitem__)
    keys = [keys[i] for i in order]
    counts = [counts[i] for i in order]
    kinds = [kinds[i] for i in order]
    position = {key: i for i, key in enumerate(keys)}
    class_masks: dict[Value, int] = {}
    for i, key in enumerate(keys):
        value = class_of(key)
        class_masks[value] = class_masks.get(value, 0) | (1 << i)
    full = (1 << len(keys)) - 1
    used_stands: list[int] = []
    slot_index: list[list[int]] = []
    domains: list[list[int]] = []
    cut_counts: list[list[int]] = []
    for g, stand in enumerate(stands):
        owner = view.stand_owner[g]
        if owner == me:
            continue
        lacks = view.lacks[owner]
        indices = [i for i, wire in enumerate(stand) if not wire.cut]
        if not indices:
            continue
        doms = []
        for i in indices:
            low = max((w.key for w in stand[:i] if w.cut and w.key is not None), default=0)
            high = min((w.key for w in stand[i + 1:] if w.cut and w.key is not None),
                       default=10**6)
            mask = 0
            for j, key in enumerate(keys):
                if low <= key <= high:
                    mask |= 1 << j
            wire = stand[i]
            if wire.token is not None:
                mask &= class_masks.get(wire.token, 0)
            banned = wire.notv | lacks
            if banned:
                for value, bit in W.CLASS_BITS.items():
                    if banned & bit:
                        mask &= full ^ class_masks.get(value, 0)
            doms.append(mask)
        cuts = [0] * len(keys)
        for wire in stand:
            if wire.cut and wire.key in position:
                cuts[position[wire.key]] += 1
        used_stands.append(g)
        slot_index.append(indices)
        domains.append(doms)
        cut_counts.append(cuts)
    claims = []
    for seat in range(view.seats):
        if seat == me or not view.claims[seat]:
            continue
        seat_stands = frozenset(j for j, g in enumerate(used_stands)
                                if view.stand_owner[g] == seat)
        for value, bit in W.CLASS_BITS.items():
            if view.claims[seat] & bit and value in class_masks:
                claims.append((seat_stands, class_masks[value]))
    return _Problem(keys, counts, kinds, (targets[0], targets[1]), used_stands, slot_index,
                    domains, cut_counts, claims)


def analyse(view: CazaView, *, exact: bool = True) -> Analysis:
    """Every hidden wire's chances from ``view``: counted exactly when the budget allows (and
    ``exact``), else by the relaxation."""
    problem = _problem(view)
    result = Analysis(tuple(problem.keys))
    if not problem.stands:
        result.exact = True
        result.layouts = 1.0
        return result
    if exact and _estimate(problem) <= SIZE_GATE:
        try:
            _count(problem, list(range(len(problem.stands))), problem.claims, result)
            result.exact = True
            return result
        except _TooBig:
            result.slots.clear()
            result.pairs.clear()
            result.stand_has.clear()
    for j in range(len(problem.stands)):
        _count(problem, [j], [], result, relaxed=True)
    return result


def _estimate(problem: _Problem) -> int:
    """The widest level's state count if the stands' fills were independent."""
    levels = len(problem.keys)
    bounds = [_fill_bounds(doms, levels) for doms in problem.domains]
    widest = 1
    for level in range(levels):
        size = 1
        for lows, highs in bounds:
            size *= highs[level] - lows[level] + 1
        widest = max(widest, size)
    return widest


def _count(problem: _Problem, ordered: list[int], claims: list[tuple[frozenset[int], int]],
           result: Analysis, relaxed: bool = False) -> None:
    """Count layouts of the ``ordered`` stands (the rest pooled, unordered, when ``relaxed``)
    and add their slots' chances to ``result``."""
    keys, counts, kinds = problem.keys, problem.counts, problem.kinds
    levels = len(keys)
    m = len(ordered)
    domains = [problem.domains[j] for j in ordered]
    sizes = [len(d) for d in domains]
    others = [j for j in range(len(problem.stands)) if j not in ordered]
    pool_size = sum(len(problem.domains[j]) for j in others)
    pool_mask = 0
    for j in others:
        for mask in problem.domains[j]:
            pool_mask |= mask
    all_claims = (1 << len(claims)) - 1
    y_target, r_target = problem.targets
    # options[level][s][f]: (copies, weight, claims met) for stand s holding f filled slots
    options: list[list[list[tuple[tuple[int, float, int], ...]]]] = []
    exact_take: list[list[list[dict[int, tuple[float, int]]]]] = []
    low_high = [_fill_bounds(doms, levels) for doms in domains]
    most = [max(c) for c in counts]
    for level in range(levels):
        bit = 1 << level
        per_stand = []
        per_stand_take = []
        for s, j in enumerate(ordered):
            doms = domains[s]
            h = sizes[s]
            lows, highs = low_high[s]
            low, high = lows[level], highs[level]
            cut = problem.cut_counts[j][level]
            claim = 0
            for c, (stand_set, mask) in enumerate(claims):
                if j in stand_set and mask & bit:
                    claim |= 1 << c
            run = [0] * (h + 1)
            for f in range(h - 1, -1, -1):
                run[f] = run[f + 1] + 1 if doms[f] & bit else 0
            rows = []
            takes = []
            for f in range(h + 1):
                row = tuple((c, _INV_FACT[c + cut], claim if c else 0)
                            for c in range(min(run[f], most[level]) + 1)
                            if low <= f + c <= high)
                rows.append(row)
                takes.append({c: (w, b) for c, w, b in row})
            per_stand.append(rows)
            per_stand_take.append(takes)
        options.append(per_stand)
        exact_take.append(per_stand_take)
    pooled = relaxed and pool_size > 0

    def moves(state: tuple[int, ...], level: int
              ) -> list[tuple[tuple[int, ...], float, tuple[int, ...]]]:
        """Every way to place this level's key: (next state, weight, copies per stand)."""
        pool, ys, rs, met = state[m], state[m + 1], state[m + 2], state[m + 3]
        kind = kinds[level]
        found: list[tuple[tuple[int, ...], float, tuple[int, ...]]] = []
        per_stand = options[level]
        fills = state[:m]
        heads = product(*(per_stand[s][fills[s]] for s in range(m - 1))) if m > 1 else [()]
        last_take = exact_take[level][m - 1][fills[m - 1]]
        last_rows = per_stand[m - 1][fills[m - 1]]
        pool_ok = pooled and bool(pool_mask >> level & 1)
        for head in heads:
            placed = 0
            weight = 1.0
            bits = met
            for c, w, b in head:
                placed += c
                weight *= w
                bits |= b
            for total in counts[level]:
                left = total - placed
                if left < 0:
                    continue
                if (kind == 1 and ys + total > y_target) or (kind == 2 and rs + total > r_target):
                    continue
                tails: tuple[tuple[int, float, int], ...]
                if pooled:
                    tails = tuple(row for row in last_rows if row[0] <= left)
                else:
                    take = last_take.get(left)
                    tails = () if take is None else ((left, take[0], take[1]),)
                for c, w, b in tails:
                    rest = left - c
                    if rest and (not pool_ok or pool + rest > pool_size):
                        continue
                    chosen = (*(row[0] for row in head), c)
                    nxt = (*(fills[s] + chosen[s] for s in range(m)), pool + rest,
                           ys + total if kind == 1 else ys, rs + total if kind == 2 else rs,
                           bits | b)
                    found.append((nxt, weight * w * _INV_FACT[rest], chosen))
        return found

    start = (0,) * m + (0, 0, 0, 0)
    forward: list[dict[tuple[int, ...], tuple[float, float]]] = [{start: (1.0, 1.0)}]
    cached: list[dict[tuple[int, ...], list[tuple[tuple[int, ...], float, tuple[int, ...]]]]] \
        = []
    walked = 0
    for level in range(levels):
        nxt: dict[tuple[int, ...], tuple[float, float]] = {}
        memo: dict[tuple[int, ...], list[tuple[tuple[int, ...], float, tuple[int, ...]]]] = {}
        for state, (weight, ways) in forward[level].items():
            found = memo[state] = moves(state, level)
            walked += len(found)
            for after, w, _ in found:
                old = nxt.get(after)
                if old is None:
                    nxt[after] = (weight * w, ways)
                else:
                    nxt[after] = (old[0] + weight * w, old[1] + ways)
        if not relaxed and (len(nxt) > STATE_CAP or walked > TRANSITION_CAP):
            raise _TooBig
        forward.append(nxt)
        cached.append(memo)
    final = (*sizes, pool_size, y_target, r_target, all_claims)
    total_weight, layouts = forward[levels].get(final, (0.0, 0.0))
    if not relaxed:
        result.layouts = layouts
    if total_weight <= 0.0:
        return  # an inconsistent view (never from a real game): nothing to say
    backward: dict[tuple[int, ...], float] = {final: 1.0}
    slots_p = [[[0.0] * levels for _ in range(sizes[s])] for s in range(m)]
    pairs: dict[tuple[int, int, int, int], float] = {}
    has = [[0.0] * levels for _ in range(m)]
    scale = 1.0 / total_weight
    for level in range(levels - 1, -1, -1):
        before: dict[tuple[int, ...], float] = {}
        memo = cached[level]
        for state, (weight, _) in forward[level].items():
            acc = 0.0
            for after, w, chosen in memo[state]:
                tail = backward.get(after)
                if tail is None:
                    continue
                wb = w * tail
                acc += wb
                share = weight * wb * scale
                for s in range(m):
                    c = chosen[s]
                    if not c:
                        continue
                    f = state[s]
                    has[s][level] += share
                    probs = slots_p[s]
                    for t in range(f, f + c):
                        probs[t][level] += share
                    if c > 1:
                        for a in range(f, f + c):
                            for b in range(a + 1, f + c):
                                key = (s, a, b, level)
                                pairs[key] = pairs.get(key, 0.0) + share
            if acc:
                before[state] = acc
        backward = before
    for s, j in enumerate(ordered):
        g = problem.stands[j]
        indices = problem.slot_index[j]
        for t, i in enumerate(indices):
            result.slots[(g, i)] = {keys[level]: p for level, p in enumerate(slots_p[s][t])
                                    if p > 1e-12}
        for level, p in enumerate(has[s]):
            if p > 1e-12:
                result.stand_has[(g, keys[level])] = p
    for (s, a, b, level), p in pairs.items():
        indices = problem.slot_index[ordered[s]]
        result.pairs[(problem.stands[ordered[s]], indices[a], indices[b], keys[level])] = p


def _fill_bounds(doms: list[int], levels: int) -> tuple[list[int], list[int]]:
    """Per level: how many of a stand's slots must, and may, be filled once that level's key
    is placed (a sorted stand fills in order, and a slot's domain bounds its key)."""
    h = len(doms)
    lo = [(d & -d).bit_length() - 1 if d else levels for d in doms]
    hi = [d.bit_length() - 1 if d else -1 for d in doms]
    for t in range(1, h):
        lo[t] = max(lo[t], lo[t - 1])
    for t in range(h - 2, -1, -1):
        hi[t] = min(hi[t], hi[t + 1])
    lows = [sum(1 for t in range(h) if hi[t] <= level) for level in range(levels)]
    highs = [sum(1 for t in range(h) if lo[t] <= level) for level in range(levels)]
    return lows, highs
