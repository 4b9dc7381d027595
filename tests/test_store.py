"""Best scores in SQLite: kept per map, atomic, safe with two writers, corrupt files set aside."""

import multiprocessing

import pytest

from mathmaze_lib.store import FILE_NAME, Store, data_dir


def test_best_keeps_only_improvements(tmp_path):
    s = Store(tmp_path)
    assert s.best("m:1") is None
    assert s.save_best("m:1", 10, [(2, 3), (0, 1)])
    assert not s.save_best("m:1", 10, [(5, 5)]), "a tie does not replace the stored best"
    assert s.save_best("m:1", 11, [(4, 4)])
    assert s.best("m:1") == (11, [(4, 4)])
    assert Store(tmp_path).best("m:1") == (11, [(4, 4)]), "kept on disk"


def test_high_scores_are_ranked(tmp_path):
    s = Store(tmp_path)
    assert s.add_score("m", "Ada", 20, when=1) == 1
    assert s.add_score("m", "Bo", 25, when=2) == 1
    assert s.add_score("m", "Cy", 20, when=3) == 2
    assert s.high_scores("m") == [("Bo", 25, 2.0), ("Ada", 20, 1.0), ("Cy", 20, 3.0)]
    assert s.high_scores("other") == []


@pytest.mark.parametrize("call, message", [
    (lambda s: s.save_best("", 3, []), "map id ''"),
    (lambda s: s.save_best("m", -1, []), "score -1: must be a whole number >= 0"),
    (lambda s: s.add_score("m", "x", 2.5), "score 2.5: must be a whole number"),
])
def test_bad_input_is_a_clear_value_error(tmp_path, call, message):
    with pytest.raises(ValueError, match=message):
        call(Store(tmp_path))


def test_the_data_folder_can_be_chosen(tmp_path, monkeypatch):
    monkeypatch.setenv("MATHMAZE_DATA_DIR", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"
    assert Store().path == tmp_path / "here" / FILE_NAME


def test_a_corrupt_file_is_set_aside_never_emptied(tmp_path):
    bad = b"this is not a database, but a learner's precious scores file" * 100
    (tmp_path / FILE_NAME).write_bytes(bad)
    s = Store(tmp_path)
    aside = list(tmp_path.glob(FILE_NAME + ".corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == bad
    assert "could not be read" in s.warning and aside[0].name in s.warning
    assert s.save_best("m", 3, []) and s.best("m") == (3, [])


def _writer(folder, name, n):
    s = Store(folder)
    for i in range(n):
        s.add_score("race", name, i)
        s.save_best(f"{name}:{i % 5}", i, [(i, i)])


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    Store(tmp_path)
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), name, 150)) for name in ("a", "b")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    s = Store(tmp_path)
    assert len(s.high_scores("race", limit=1000)) == 300
    assert s.best("a:4") == (149, [(149, 149)]) and s.best("b:0") == (145, [(145, 145)])


# ---- issue 18: a healthy file is never set aside; every failure is a StoreError naming the file ----

import sqlite3  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

from mathmaze_lib.store import StoreError  # noqa: E402


def _healthy(folder, n=400):
    s = Store(folder)
    for i in range(n):
        s.add_score("m", f"learner {i}", i, when=float(i))
    s.save_best("m", 99, [(1, 2)])
    return (folder / FILE_NAME).read_bytes()


def test_a_file_that_cannot_be_opened_is_left_alone(tmp_path, monkeypatch):
    # mocked: as root a chmod 000 file still opens, so sqlite3.connect is made to fail as it does
    # for a learner without permission (the same OperationalError, "unable to open database file")
    before = _healthy(tmp_path)
    real = sqlite3.connect

    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("unable to open database file")
    monkeypatch.setattr(sqlite3, "connect", refuse)
    with pytest.raises(StoreError, match=r"cannot open the scores file .*scores.sqlite3: unable to open"):
        Store(tmp_path)
    monkeypatch.setattr(sqlite3, "connect", real)
    assert list(tmp_path.iterdir()) == [tmp_path / FILE_NAME], "nothing set aside"
    assert (tmp_path / FILE_NAME).read_bytes() == before
    assert Store(tmp_path).best("m") == (99, [(1, 2)])


_NO_FDS = r"""
import os, sys
from mathmaze_lib.store import Store, StoreError
held = []
try:
    while True:
        held.append(os.open(os.devnull, os.O_RDONLY))
except OSError:
    pass
try:
    Store(sys.argv[1])
except StoreError as exc:
    print("StoreError:", exc)
for fd in held:
    os.close(fd)
print(sorted(os.listdir(sys.argv[1])))
"""


def test_no_file_descriptors_left_is_not_corruption(tmp_path):
    # real: a child process uses up every file descriptor (RLIMIT_NOFILE lowered), then opens the store
    import resource

    before = _healthy(tmp_path)
    out = subprocess.run([sys.executable, "-c", _NO_FDS, str(tmp_path)], capture_output=True, text=True,
                         timeout=60, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64)))
    assert "StoreError: cannot open the scores file" in out.stdout, out.stdout + out.stderr
    assert "['scores.sqlite3']" in out.stdout
    assert (tmp_path / FILE_NAME).read_bytes() == before
    assert Store(tmp_path).best("m") == (99, [(1, 2)])


def _damage_middle_page(path):
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    assert len(data) >= 6 * page
    data[3 * page:4 * page] = b"\xa5" * page
    path.write_bytes(bytes(data))


def test_a_damaged_page_in_the_middle_is_found_when_opening(tmp_path):
    _healthy(tmp_path)
    _damage_middle_page(tmp_path / FILE_NAME)
    s = Store(tmp_path)
    assert s.warning and "moved to" in s.warning
    assert len(list(tmp_path.glob(FILE_NAME + ".corrupt-*"))) == 1
    assert s.save_best("m", 3, [])


def test_damage_after_opening_makes_save_a_store_error(tmp_path):
    _healthy(tmp_path)
    s = Store(tmp_path)
    _damage_middle_page(tmp_path / FILE_NAME)
    with pytest.raises(StoreError, match=r"scores.sqlite3: .*(malformed|not a database).*damaged"):
        for i in range(50):
            s.add_score("m", "x", 1000 + i)
            s.high_scores("m", limit=1000)


def test_a_read_only_file_makes_save_a_store_error(tmp_path, monkeypatch):
    # mocked: root can write a 0444 file, so the store's connection is opened read-only, as
    # SQLite does by itself for a learner who cannot write the file or its folder
    _healthy(tmp_path)
    s = Store(tmp_path)
    monkeypatch.setattr(s, "_connect", lambda: sqlite3.connect(f"file:{s.path}?mode=ro", uri=True,
                                                               isolation_level=None))
    with pytest.raises(StoreError, match="cannot save to the scores file .*readonly.*read-only"):
        s.save_best("m", 500, [(0, 0)])
    assert s.best("m") == (99, [(1, 2)])


def test_another_programs_database_is_refused_and_kept(tmp_path):
    db = sqlite3.connect(tmp_path / FILE_NAME)
    db.execute("CREATE TABLE best (name TEXT, points INTEGER)")
    db.commit()
    db.close()
    before = (tmp_path / FILE_NAME).read_bytes()
    with pytest.raises(StoreError, match="has a table 'best' with columns name, points"):
        Store(tmp_path)
    assert (tmp_path / FILE_NAME).read_bytes() == before and len(list(tmp_path.iterdir())) == 1


def test_the_data_folder_is_a_file(tmp_path, monkeypatch):
    (tmp_path / "f").write_text("x")
    monkeypatch.setenv("MATHMAZE_DATA_DIR", str(tmp_path / "f"))
    with pytest.raises(StoreError, match="MATHMAZE_DATA_DIR .* is a file, not a folder"):
        Store()


@pytest.mark.parametrize("call, message", [
    (lambda s: s.save_best("m", 10**30, []), "too large to store"),
    (lambda s: s.save_best("m", 3, 5), "give a list of"),
    (lambda s: s.save_best("m", 3, [(1,)]), r"wall 1: \(1,\) is not a cell"),
    (lambda s: s.save_best("m", 3, [(1, 2.5)]), r"wall 1 \(1, 2.5\): column 2.5: must be a whole number from 0 to 1000000"),
    (lambda s: s.add_score("m", "x", 3, when=float("nan")), "finite"),
    (lambda s: s.add_score("m", "x", 3, when="now"), "when 'now': must be a finite number"),
    (lambda s: s.high_scores("m", limit="all"), "limit 'all': must be a whole number >= 0"),
])
def test_library_calls_raise_value_errors(tmp_path, call, message):
    s = Store(tmp_path)
    with pytest.raises(ValueError, match=message):
        call(s)
    assert s.high_scores("m") == [] and s.best("m") is None
