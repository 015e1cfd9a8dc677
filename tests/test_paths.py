"""The user's folders: never a crash when one cannot be made, and a clear problem report (issue 12)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game import paths
from game.i18n import has_key


def test_folders_that_can_be_made_have_no_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PGN_HOME", str(tmp_path / "home"))
    assert paths.folder_problems() == []
    assert all((tmp_path / "home" / kind).is_dir() for kind in paths.FOLDER_KINDS)
    assert not list((tmp_path / "home" / "data").iterdir())  # the write test leaves nothing behind


@pytest.mark.parametrize("kind", paths.FOLDER_KINDS)
def test_a_file_where_a_folder_should_be(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / kind).write_text("in the way")
    monkeypatch.setenv("PGN_HOME", str(home))
    folder = {"config": paths.config_dir, "data": paths.data_dir, "log": paths.log_dir}[kind]()  # never raises
    assert folder == home / kind
    problems = paths.folder_problems()
    assert [p.kind for p in problems] == [kind]
    assert problems[0].path == home / kind and problems[0].error
    text = problems[0].text
    assert text.key == f"persist.folder.{kind}" and text.kwargs["path"] == str(home / kind)
    assert has_key(text.key, "en") and has_key(text.key, "it")
    assert (home / kind).read_text() == "in the way"


def test_a_folder_that_cannot_be_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests run as root, where permissions do not stop a write: the write test's OSError is injected."""
    monkeypatch.setenv("PGN_HOME", str(tmp_path / "home"))
    real = paths._probe_write

    def read_only_data(folder: Path) -> None:
        if folder.name == "data":
            raise PermissionError(13, "Permission denied", str(folder))
        real(folder)

    monkeypatch.setattr(paths, "_probe_write", read_only_data)
    problems = paths.folder_problems()
    assert [(p.kind, p.error) for p in problems] == [("data", "Permission denied")]


def test_an_asset_error_names_the_file_and_is_no_value_error(tmp_path: Path) -> None:
    exc = paths.AssetError(tmp_path / "maps" / "pirateer.tmx", "map file not found")
    assert not isinstance(exc, ValueError)  # never mistaken for a damaged save
    assert exc.text.key == "persist.asset.broken" and exc.text.kwargs == {"file": "pirateer.tmx",
                                                                          "error": "map file not found"}
