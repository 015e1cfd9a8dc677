"""How long things take at the race table (seconds unless said otherwise), shared by the scene and its drawing."""
from __future__ import annotations

COUNTDOWN_SECONDS = 3.0      # "3, 2, 1" before "Go!"
GO_SHOWN = 0.7               # "Go!" stays this long after the start
RESUME_SECONDS = 3.0
ENDING_SECONDS = 1.4         # "Time's up!" while held tiles glide back
WARN_SECONDS = 2.0           # the water-rule warning waits this long for the second click
TURN_SECONDS = 0.12          # a quarter turn or a flip of the held tile
LAST_TILE_LIMIT = 20.0       # the optional limit of the no-timer last-tile phase (V3.6)
RED_BELOW = 30.0             # the clock turns red under this
TICK_BELOW = 10              # ... and ticks every second under this
DRAG_THRESHOLD = 6           # px the pointer moves before a press becomes a drag
SAVE_EVERY = 1.0             # while the clock runs, actions are saved together at most once a second
PAD_NOTICE = 2.5             # "controller 1 is back" stays up this long
GLOVE_LOOK = 1.6             # race seconds a choosing bot's glove spends on each tile or place it weighs
GLOVE_GLIDE = 0.45           # ... of which the glide there (both times the Settings' bot speed factor)
MARK_SECONDS = 4.0           # race seconds a rival's last placed tile stays marked on their island
MARK_HOLD = 1.0              # ... at full strength, then it fades out
