"""Test-only helpers: a small real card game (minigame) and a toy real-time race (racegame)."""
