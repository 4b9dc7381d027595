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
    (lambda s: s.save_best("m", -1, []), "a score is a whole number of moves >= 0"),
    (lambda s: s.add_score("m", "x", 2.5), "a score is a whole number"),
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
