"""Tweens by frame time: easings, delays, chains, the speed setting, reduced motion, the deal
stagger; particles, shake and flash."""

from __future__ import annotations

import pygame
import pytest

from game.ui.tween import (
    DEAL_DURATION,
    DEAL_GAP,
    Flash,
    Motion,
    Particles,
    Shake,
    Tween,
    Tweens,
    arc_point,
    ease_in_cubic,
    ease_in_out,
    ease_out_back,
    ease_out_cubic,
    linear,
    pulse,
)


@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_in_cubic, ease_in_out,
                                  ease_out_back])
def test_easings_start_at_0_and_end_at_1(ease: object) -> None:
    assert callable(ease)
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_ease_shapes() -> None:
    assert ease_out_cubic(0.5) > 0.5 > ease_in_cubic(0.5)
    assert ease_in_out(0.5) == pytest.approx(0.5)
    assert max(ease_out_back(t / 100) for t in range(101)) > 1.0  # overshoots


def test_a_tween_moves_a_point_after_its_delay_and_fires_once() -> None:
    done: list[int] = []
    tw = Tween((0, 0), (100, 50), 0.5, linear, delay=0.25, on_done=lambda: done.append(1))
    tw.update(0.2)
    assert tw.pos == (0, 0) and not tw.started
    tw.update(0.1)  # 0.05 s into the move
    assert tw.pos == pytest.approx((10, 5))
    tw.update(1.0)
    tw.update(1.0)
    assert tw.pos == (100, 50) and tw.done and done == [1]


def test_chains_run_one_after_another_and_carry_the_leftover_time() -> None:
    a = Tween(0, 10, 0.2, linear)
    b = a.then(Tween(10, 20, 0.2, linear))
    c = b.then(Tween(20, 0, 0.2, linear))
    a.update(0.3)  # 0.1 s into b
    assert a.done and b.x == pytest.approx(15)
    a.update(0.2)
    assert b.done and c.x == pytest.approx(10)
    assert not a.finished
    a.update(1)
    assert a.finished and c.x == 0


def test_the_group_applies_the_speed_setting_and_says_busy() -> None:
    motion = Motion(speed=2.0)
    group = Tweens(motion)
    tw = group.tween(0, 1, 1.0, linear)
    assert group.busy
    group.update(0.25)
    assert tw.x == pytest.approx(0.5)
    group.update(0.3)
    assert not group.busy and len(group) == 0


def test_reduced_motion_turns_movement_into_a_fade() -> None:
    group = Tweens(Motion(reduced=True))
    move = group.tween((0, 0), (300, 200), 0.4, delay=0.1)
    fade = group.tween(0, 255, 0.4, linear, moves=False)
    group.update(0.05)
    assert move.pos == (0, 0) and move.alpha == 1.0  # not started: still where it was
    group.update(0.15)  # 0.1 s into the move
    assert move.pos == (300, 200)  # already there ...
    assert move.alpha == pytest.approx(0.25)  # ... fading in
    assert fade.x == pytest.approx(255 * 0.2 / 0.4)  # fades are untouched
    group.update(1)
    assert move.alpha == 1.0


def test_the_deal_stagger_is_80_ms_apart_and_250_ms_each() -> None:
    assert (DEAL_GAP, DEAL_DURATION) == (0.08, 0.25)
    group = Tweens()
    landed: list[int] = []
    deal = group.stagger([(0, 0)] * 5, [(i * 100, 500) for i in range(5)],
                         on_each=landed.append)
    assert [t.delay for t in deal] == pytest.approx([0, 0.08, 0.16, 0.24, 0.32])
    assert all(t.duration == 0.25 for t in deal)
    group.update(0.25 + 1e-6)
    assert landed == [0]
    group.update(0.08)
    assert landed == [0, 1]
    group.update(1)
    assert landed == [0, 1, 2, 3, 4] and not group.busy


def test_finish_all_and_wait() -> None:
    group = Tweens()
    calls: list[str] = []
    group.wait(3.0, lambda: calls.append("beat"))
    first = group.tween(0, 1, 5.0, on_done=lambda: calls.append("a"))
    first.then(Tween(1, 2, 5.0, on_done=lambda: calls.append("b")))
    group.finish_all()
    assert sorted(calls) == ["a", "b", "beat"] and not group.busy


def test_arc_point_and_pulse() -> None:
    assert arc_point((0, 0), (100, 0), 0.0, 50) == (0, 0)
    assert arc_point((0, 0), (100, 0), 0.5, 50) == pytest.approx((50, -50))
    assert arc_point((0, 0), (100, 0), 1.0, 50) == pytest.approx((100, 0))
    assert pulse(0) == pytest.approx(0) and pulse(0.6) == pytest.approx(1)


def test_mismatched_values_are_refused() -> None:
    with pytest.raises(ValueError):
        Tween((0, 0), (1, 2, 3), 1.0)


def test_particles_live_move_fade_and_die() -> None:
    p = Particles(seed=1)
    p.smoke((400, 300), 20)
    p.sparks((400, 300), 30)
    p.confetti((400, 300), 10)
    assert len(p) == 60
    start = [(q.x, q.y) for q in p.items]
    p.update(0.1)
    assert [(q.x, q.y) for q in p.items] != start
    surface = pygame.Surface((800, 600), pygame.SRCALPHA)
    p.draw(surface)
    for _ in range(40):
        p.update(0.1)
    assert len(p) == 0


def test_reduced_motion_keeps_particles_in_place() -> None:
    p = Particles(Motion(reduced=True), seed=1)
    p.sparks((100, 100), 10)
    p.update(0.1)
    assert all((q.x, q.y) == (100, 100) for q in p.items)


def test_shake_decays_and_is_dropped_with_reduced_motion() -> None:
    shake = Shake(seed=3)
    shake.start(20, 0.4)
    offsets = []
    for _ in range(30):
        shake.update(1 / 60)
        offsets.append(shake.offset)
    assert any(o != (0, 0) for o in offsets[:5])
    assert all(abs(x) <= 20 and abs(y) <= 20 for x, y in offsets)
    assert offsets[-1] == (0, 0) and not shake.active
    calm = Shake(Motion(reduced=True))
    calm.start(20, 0.4)
    calm.update(0.05)
    assert calm.offset == (0, 0) and not calm.active


def test_flash_fades_and_is_gone_with_reduced_motion() -> None:
    flash = Flash()
    flash.start(duration=0.3)
    surface = pygame.Surface((50, 50))
    flash.draw(surface)
    assert surface.get_at((5, 5))[0] > 100
    flash.update(0.4)
    assert not flash.active
    still = Flash(Motion(reduced=True))
    still.start(peak=255)
    assert not still.active
    surface.fill((0, 0, 0))
    still.draw(surface)
    assert surface.get_at((5, 5))[:3] == (0, 0, 0)


def test_never_more_than_three_flashes_in_any_second() -> None:
    """Asked for 20 times a second for 3 s (a burst of explosions, a stuck loop): the flashes
    that start are at least a third of a second apart, so at most 3 in any second."""
    flash = Flash()
    starts: list[float] = []
    clock = 0.0
    for _ in range(60):
        was = flash.last_start
        flash.start(duration=0.2)
        if flash.last_start != was:
            starts.append(clock)
        flash.update(0.05)
        clock += 0.05
    assert flash.skipped > 0
    for first in starts:
        assert sum(first <= t < first + 1.0 for t in starts) <= 3
    assert len(starts) >= 8  # not simply none


def test_finishing_twice_never_runs_a_chain_backwards() -> None:
    a = Tween(0, 1, 0.1, linear)
    b = a.then(Tween(0, 1, 0.1, linear))
    a.update(0.5)
    a.finish()
    a.finish()
    assert b.x == 1 and b.elapsed >= 0.1
