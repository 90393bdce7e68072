"""The fitted weights of Maestro's win estimate (``value.py``), one set per rule set:
written by ``python -m game.tools.fitvalue``; do not edit by hand."""

WEIGHTS: dict[str, tuple[dict[str, float], float, tuple[float, ...]]] = {
    "bombazo": (
        {
            "attack": 0.4354,
            "defuse": 0.9814,
            "draw_bottom": 0.2284,
            "favor": 0.2371,
            "nope": 0.2455,
            "see_future": 0.2382,
            "shuffle": 0.1603,
            "skip": 0.3021,
        },
        0.3812,
        (-0.6384, -0.4459, -0.2521, -0.4623, 0.0000),
    ),
    "clasico": (
        {
            "attack": 0.4463,
            "defuse": 0.9391,
            "favor": 0.2823,
            "nope": 0.2118,
            "see_future": 0.2671,
            "shuffle": 0.2000,
            "skip": 0.3882,
        },
        0.4360,
        (-0.6485, -0.5520, -0.2835, -0.3461, 0.0000),
    ),
    "mazo": (
        {
            "calm": 0.1508,
            "defuse": 1.2135,
            "draw_bottom": 0.2900,
            "pass_it": 0.5415,
            "see_future": 0.3323,
            "shield": 0.2309,
            "shuffle": 0.2415,
            "skip": 0.4381,
            "swipe": 0.3927,
        },
        0.0000,
        (-0.4955, -0.4422, -0.1174, -0.5366, 0.3333),
    ),
}
