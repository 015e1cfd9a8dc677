"""Pirateer: dice, ships and a treasure race on a diamond-lattice sea (spec: rules/pirateer.md).

Only the sea map exists so far: ``boardmodel`` (the pure ``Board`` the rules engine will take) and
``board`` (``load_board``, which reads ``assets/maps/pirateer.tmx`` with pytmx). There is no ``GAME``
yet, so the menu keeps the game in the shipyard.
"""
