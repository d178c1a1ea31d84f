"""Learn to play: each game's scripted first game, its lessons as data (``<game>.toml`` beside this module),
played through the real engine (``lessons.py``)."""

from longhouse.learn.lessons import LessonError, Tutorial, available, tutorial

__all__ = ["LessonError", "Tutorial", "available", "tutorial"]
