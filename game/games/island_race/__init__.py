"""Island Race: everyone builds an island at once, against the clock (spec: rules/island-race.md).

The pure engine lives in ``tiles`` (the 48 tiles and the face model), ``scoring`` (R20-R27) and
``rules`` (the rounds, the actions, the match). ``GAME`` is not defined yet: until the table scene and
the bots exist, the menu keeps the game in the shipyard.
"""
