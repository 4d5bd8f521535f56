"""The user data directory: $WARBENCH_HOME, else the platform's own place (the XDG one on Linux, as before)."""

from __future__ import annotations

import platformdirs
from platformdirs.macos import MacOS
from platformdirs.unix import Unix

from catalog.paths import data_dir, installed_catalogue_dir


def test_warbench_home_wins(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "mine"
    assert installed_catalogue_dir() == tmp_path / "mine" / "catalogues"


def test_on_linux_the_xdg_data_folder_else_local_share(tmp_path, monkeypatch):
    monkeypatch.delenv("WARBENCH_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(platformdirs, "PlatformDirs", Unix)  # what platformdirs picks on Linux
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "warbench"
    for unset in ("", "relative/path"):  # the XDG rules: an empty or relative value is ignored
        monkeypatch.setenv("XDG_DATA_HOME", unset)
        assert data_dir() == tmp_path / ".local" / "share" / "warbench"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert data_dir() == tmp_path / ".local" / "share" / "warbench"


def test_on_macos_application_support(tmp_path, monkeypatch):
    monkeypatch.delenv("WARBENCH_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "PlatformDirs", MacOS)  # what platformdirs picks on a Mac
    assert data_dir() == tmp_path / "Library" / "Application Support" / "warbench"
