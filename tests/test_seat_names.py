"""Log lines name players by seat; the UI shows the names given at setup."""
from game.core.protocol import T, seat_ref
from game.i18n import set_language, set_seat_names, tr


def test_seat_ref_shows_the_setup_name_or_player_n():
    try:
        set_language("en")
        set_seat_names([])
        assert tr(seat_ref(2)) == "Player 3"
        set_seat_names(["Anna", "Ben"])
        assert tr(T("table.thinking", name=seat_ref(1))) == "Ben is thinking…"
        set_language("it")
        assert tr(T("table.your_turn", name=seat_ref(0))) == "Anna, tocca a te"
    finally:
        set_seat_names([])
        set_language("en")
