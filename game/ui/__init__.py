"""The shared pygame UI kit: theme (fonts, images, seat colours), widgets, cards, drag-and-drop,
tweens, dice, countdown, log panel, privacy screen, results view and sounds.

Import the pieces from here (``from game.ui import Button, DragController``) or from their modules.
"""
from game.ui.cards import CardSprite, card_size
from game.ui.countdown import CountdownWidget, format_time
from game.ui.dice import DiceWidget
from game.ui.dragdrop import DragController, DropTarget
from game.ui.logpanel import LogPanel
from game.ui.privacy import PrivacyScreen
from game.ui.results_view import ResultsView
from game.ui.sound import SoundBank
from game.ui.tween import Tween, Tweener
from game.ui.widgets import (Box, Button, Checkbox, Choice, Container, FocusRing, HBox, Label, Panel, Slider,
                             Spacer, TextInput, Toast, ToastStack, Toggle, Tooltip, VBox, Widget)

__all__ = ["Box", "Button", "CardSprite", "Checkbox", "Choice", "Container", "CountdownWidget", "DiceWidget",
           "DragController", "DropTarget", "FocusRing", "HBox", "Label", "LogPanel", "Panel", "PrivacyScreen",
           "ResultsView", "Slider", "SoundBank", "Spacer", "TextInput", "Toast", "ToastStack", "Toggle",
           "Tooltip", "Tween", "Tweener", "VBox", "Widget", "card_size", "format_time"]
