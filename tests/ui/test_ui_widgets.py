"""Widgets driven with real events posted through pygame's queue."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.widgets import (Button, Choice, FocusRing, Label, Panel, Slider, TextInput, ToastStack, Toggle,
                             Tooltip, VBox, HBox)
from ui_events import down, drive, key, motion, text, up


def _dispatch(ring: FocusRing | None, widgets: list) -> callable:
    def handle(event: pygame.event.Event) -> bool:
        if ring is not None and ring.handle(event):
            return True
        return any(w.handle(event) for w in widgets)
    return handle


def test_button_click_with_the_mouse(screen):
    clicks = []
    b = Button("Play", lambda: clicks.append(1), pygame.Rect(100, 100, 200, 48))
    drive(b.handle, [motion((150, 120), False), down((150, 120)), up((150, 120))])
    assert clicks == [1]
    # press inside, release outside: no click (the player changed their mind)
    drive(b.handle, [down((150, 120)), motion((500, 500)), up((500, 500))])
    assert clicks == [1]
    b.draw(screen)


def test_disabled_button_does_nothing(screen):
    clicks = []
    b = Button("Play", lambda: clicks.append(1), pygame.Rect(100, 100, 200, 48), enabled=False)
    drive(b.handle, [down((150, 120)), up((150, 120)), key(pygame.K_RETURN)])
    assert clicks == []
    b.draw(screen)


def test_button_keyboard_activation_via_focus_ring(screen):
    clicks = []
    a = Button("A", lambda: clicks.append("a"), pygame.Rect(100, 100, 200, 48))
    b = Button("B", lambda: clicks.append("b"), pygame.Rect(100, 160, 200, 48))
    ring = FocusRing([a, b])
    handle = _dispatch(ring, [a, b])
    drive(handle, [key(pygame.K_TAB), key(pygame.K_RETURN)])
    assert clicks == ["a"]
    drive(handle, [key(pygame.K_TAB), key(pygame.K_SPACE)])
    assert clicks == ["a", "b"]
    assert ring.focused is b and b.focused and not a.focused
    for w in (a, b):
        w.draw(screen)


def test_focus_ring_cycles_skips_disabled_and_leaves_arrows_to_sliders(screen):
    a = Button("A", None, pygame.Rect(0, 0, 100, 40))
    off = Button("Off", None, pygame.Rect(0, 50, 100, 40), enabled=False)
    s = Slider(50, rect=pygame.Rect(0, 100, 300, 36))
    t = Toggle("T", rect=pygame.Rect(0, 150, 300, 36))
    ring = FocusRing([a, off, s, t, Label("not focusable")])
    handle = _dispatch(ring, [a, off, s, t])
    drive(handle, [key(pygame.K_TAB)])
    assert ring.focused is a
    drive(handle, [key(pygame.K_TAB)])
    assert ring.focused is s  # the disabled button is skipped
    drive(handle, [key(pygame.K_RIGHT)])
    assert ring.focused is s and s.value > 50  # the slider used the arrow
    drive(handle, [key(pygame.K_DOWN)])
    assert ring.focused is t  # a slider does not use Up/Down: focus moves
    drive(handle, [key(pygame.K_TAB)])
    assert ring.focused is a  # wraps around
    drive(handle, [key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert ring.focused is t


def test_text_input_types_italian_accents(screen):
    names = []
    box = TextInput("", pygame.Rect(100, 100, 300, 44), max_length=10, on_submit=names.append)
    ring = FocusRing([box])
    handle = _dispatch(ring, [box])
    drive(handle, [text("x")])
    assert box.text == ""  # not focused yet
    drive(handle, [down((150, 120)), up((150, 120)), text("Nicc"), text("ol"), text("ò"), text("x"),
                   key(pygame.K_BACKSPACE), key(pygame.K_RETURN)])
    assert box.text == "Niccolò"
    assert names == ["Niccolò"]
    drive(handle, [key(pygame.K_HOME), key(pygame.K_DELETE), key(pygame.K_END), text("!")])
    assert box.text == "iccolò!"
    drive(handle, [text("abcdefgh")])  # max_length is 10 characters
    assert box.text == "iccolò!abc" and len(box.text) == 10
    box.update(0.1)
    box.draw(screen)
    drive(handle, [down((900, 600))])  # click elsewhere: focus leaves
    assert not box.focused


def test_text_input_filter_for_seeds(screen):
    box = TextInput("", pygame.Rect(0, 0, 200, 40), allowed=str.isdigit)
    box.set_focus(True)
    drive(box.handle, [text("12a3")])
    assert box.text == "123"


def test_slider_drag(screen):
    seen = []
    s = Slider(10, 0, 100, rect=pygame.Rect(100, 100, 400, 36), on_change=seen.append)
    track = s.track_rect()
    start = (track.x, track.centery)
    mid = (track.x + track.w * 3 // 4, track.centery)
    drive(s.handle, [down(start), motion((track.x + track.w // 2, track.centery)), motion(mid), up(mid)])
    assert abs(s.value - 75) <= 1
    assert seen and seen[-1] == s.value
    drive(s.handle, [down((track.right + 200, track.centery))])  # outside: ignored
    assert abs(s.value - 75) <= 1
    s.draw(screen)


def test_toggle_and_choice(screen):
    changes = []
    t = Toggle("Hard bots", False, changes.append, pygame.Rect(100, 100, 300, 36))
    drive(t.handle, [down((110, 118)), up((110, 118))])
    assert t.value is True and changes == [True]
    c = Choice([2, 3, 4], ["two", "three", "four"], 0, changes.append, pygame.Rect(100, 200, 300, 40))
    left, right = c.arrow_rects()
    drive(c.handle, [down(right.center), up(right.center)])
    assert c.value == 3
    c.focused = True
    drive(c.handle, [key(pygame.K_LEFT), key(pygame.K_LEFT)])
    assert c.value == 4  # wraps around
    t.draw(screen)
    c.draw(screen)


def test_wrap_text_keeps_lines_within_width(screen):
    f = theme.font("text", 18)
    para = "Fifteen men on the dead man's chest, yo ho ho and a bottle of rum! " * 3
    lines = theme.wrap_text(para, f, 200)
    assert len(lines) > 3
    assert all(f.size(line)[0] <= 200 for line in lines)
    assert " ".join(" ".join(lines).split()) == " ".join(para.split())
    long_word = theme.wrap_text("Supercalifragilisticexpialidocious", f, 60)
    assert len(long_word) > 1 and "".join(long_word) == "Supercalifragilisticexpialidocious"
    assert theme.wrap_text("one\ntwo", f, 500) == ["one", "two"]
    label = Label(para, pygame.Rect(10, 10, 200, 10))
    assert label.preferred_size(200)[1] >= len(lines) * f.get_linesize()


def test_a_text_wrapped_or_fitted_again_is_not_measured_again_and_its_lines_stay_its_own(screen, monkeypatch,
                                                                                            request):
    measured: list[str] = []
    request.addfinalizer(theme.clear_caches)                # no counting font outlives the test
    base = pygame.font.Font

    class CountingFont(base):  # type: ignore[misc, valid-type]
        def size(self, text):
            measured.append(text)
            return base.size(self, text)
    monkeypatch.setattr(pygame.font, "Font", CountingFont)
    theme.clear_caches()                                    # every font made again, counting
    f = theme.font("text", 18)
    size = base.size
    para = "Fifteen men on the dead man's chest, yo ho ho and a bottle of rum!"
    first = theme.wrap_text(para, f, 200)
    first.append("scribbled on by a caller")
    measured.clear()
    again = theme.wrap_text(para, f, 200)
    assert measured == [] and again == first[:-1]           # kept, and a caller's list is its own
    assert theme.fit_font(para, "text", 18, 200) is theme.fit_font(para, "text", 18, 200)
    measured.clear()
    assert theme.fit_font(para, "text", 18, 200) is theme.fit_font(para, "text", 18, 200) and measured == []
    narrower = theme.wrap_text(para, f, 120)                # another width: its own lines, measured
    assert measured and len(narrower) > len(again) and all(size(f, line)[0] <= 120 for line in narrower)
    measured.clear()
    theme.clear_caches()                                    # new fonts (a language, an asset root): measured afresh
    theme.wrap_text(para, theme.font("text", 18), 200)
    assert measured


def test_tooltip_appears_after_hovering(screen):
    b = Button("?", None, pygame.Rect(100, 100, 120, 48), tooltip="Help text")
    tip = Tooltip(delay=0.5)
    tip.watch_widgets([b])
    drive(tip.handle, [motion((120, 120), False)])
    tip.update(0.3)
    assert tip.text is None
    tip.update(0.3)
    assert tip.text == "Help text"
    tip.draw(screen)
    drive(tip.handle, [motion((900, 600), False)])
    tip.update(0.1)
    assert tip.text is None


def test_toasts_fade_out(screen):
    toasts = ToastStack()
    toasts.push("Saved.")
    toasts.push("Oops", 1.0, "error")
    toasts.update(0.5)
    assert toasts.texts() == ["Saved.", "Oops"]
    toasts.draw(screen)
    toasts.update(0.6)
    assert toasts.texts() == ["Saved."]
    toasts.update(3.0)
    assert toasts.texts() == [] and not toasts.active


def test_vbox_and_panel_layout(screen):
    rows = VBox([Label("Title", size=24), Button("One"), Button("Two"),
                 HBox([Button("L"), Button("R")])], spacing=10)
    panel = Panel(pygame.Rect(100, 50, 400, 500), title="Setup", child=rows)
    content = panel.content_rect
    rects = [c.rect for c in rows.children]
    assert all(content.contains(r) for r in rects)
    for a, b in zip(rects, rects[1:]):
        assert a.bottom <= b.top
    left, right = rows.children[3].children
    assert left.rect.right <= right.rect.left and left.rect.w == right.rect.w
    panel.set_rect(pygame.Rect(0, 0, 600, 600))  # a resize re-lays out the children
    assert rows.children[1].rect.w == panel.content_rect.w
    panel.draw(screen)
    dark = Panel(pygame.Rect(600, 50, 300, 200), title="Log", style="dark")
    dark.draw(screen)
