"""The pygame-ce front end: app loop, scene stack, scenes, widgets, tweens, cards, sound.

The only package that imports pygame (tests/test_architecture.py checks it). Scenes read a
seat's view and submit actions through game.match; they never see a game state.
"""
