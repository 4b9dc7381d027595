"""The class's high scores (mathmaze_lib.hubscores) without a hub: the service on loopback with tokens known
here, the learners' side, the Mazer game and the race on it, the attacks a learner could try, and a full disk.
(tests/test_hub.py runs the service on a real hub, with the hub's own tokens.)"""

from __future__ import annotations

import json
import threading
import urllib.request

import pytest

from mathmaze_lib import hubscores
from mathmaze_lib.hubscores import ClassScores, Table
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.store import StoreError

TOKENS = {"ada-token": {"name": "ada", "admin": False}, "grace-token": {"name": "grace", "admin": False},
          "teacher-token": {"name": "msmith", "admin": True}}


@pytest.fixture
def service(tmp_path):
    server = hubscores.serve(tmp_path / "scores", "http://127.0.0.1:0", TOKENS.get, prefix="/services/scores/")
    assert server.server_address[1] not in (0, 80), "port 0 is a free port (not 80, which another run may hold)"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/services/scores"
    server.shutdown()
    server.server_close()


def raw(url, method="GET", body=None, token=None):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Authorization": f"token {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def good_walls(map_id="mazer:1", n=2):
    """Walls the level allows, and the moves they make (the best of a few single walls, greedily)."""
    maze = wallmaze.level(*hubscores.check_map(map_id))
    walls = []
    for cell in ((r, c) for r in range(maze.rows) for c in range(maze.cols)):
        if len(walls) == n:
            break
        if wallmaze.check(maze, walls + [cell]):
            walls.append(cell)
    return walls, wallmaze.score(maze, walls)


def test_lines_are_named_by_the_token_and_scored_by_the_service(service):
    walls, moves = good_walls()
    ada = ClassScores(service, "ada-token")
    assert ada.save_best("mazer:1", 999, walls) is True and ada.login == "ada"
    assert ada.best("mazer:1") == (moves, sorted(walls))
    # grace claims ada's name and a score her walls do not make: the line is hers, with the real moves
    status, answer = raw(f"{service}/api/scores", "POST", {"map": "mazer:1", "walls": walls[:1], "name": "ada",
                                                          "login": "ada", "moves": 10**6}, "grace-token")
    assert status == 200 and answer["login"] == "grace" and answer["moves"] == wallmaze.score(
        wallmaze.level("mazer", 1), walls[:1])
    assert ada.high_scores("mazer:1") == [("ada", moves, None), ("grace", answer["moves"], None)]
    assert ada.save_best("mazer:1", 0, walls[:1]) is False               # a worse line never replaces one's best
    assert ada.best("mazer:1")[0] == moves
    # what no learner may do
    assert raw(f"{service}/api/table?map=mazer:1")[0] == 401                                    # no token
    assert raw(f"{service}/api/table?map=mazer:1", token="forged")[0] == 401
    assert raw(f"{service}/api/today", "PUT", {"map": "mazer:2"}, "grace-token")[0] == 403
    assert raw(f"{service}/api/table?map=mazer:1&login=ada", "DELETE", token="grace-token")[0] == 403
    status, answer = raw(f"{service}/api/scores", "POST", {"map": "mazer:1", "walls": [[0, 0]] * 3}, "grace-token")
    assert status == 400 and "not allowed" in answer["message"]
    assert raw(f"{service}/api/scores", "POST", {"map": "code:abc", "walls": []}, "grace-token")[0] == 400
    assert raw(f"{service}/api/scores", "POST", b"x" * 300_000, "grace-token")[0] == 413
    assert raw(f"{service}/api/scores", "POST", b"[1, 2]", "grace-token")[0] == 400
    # the teacher sets the map of the day and takes a line off
    teacher = ClassScores(service, "teacher-token")
    assert teacher._call("PUT", "api/today", {"map": "simple:2"}) == {"map": "simple:2"} and ada.today() == "simple:2"
    assert teacher._call("DELETE", "api/table", map="mazer:1", login="grace") == {"removed": True}
    assert [line[0] for line in ada.high_scores("mazer:1")] == ["ada"]
    with pytest.raises(StoreError, match="HTTP 403"):
        ada._call("PUT", "api/today", {"map": "mazer:1"})


def test_the_mazer_game_and_the_race_use_the_class_table_on_a_hub(service, monkeypatch, tmp_path):
    from mathmaze_lib.widgets.summaze_game import MathMazeRace
    from mathmaze_lib.widgets.wall_game import MazerGame

    monkeypatch.setenv("MATHMAZE_SCORES_URL", service)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "ada-token")
    monkeypatch.setenv("MATHMAZE_DATA_DIR", str(tmp_path / "local"))
    with pytest.raises(ValueError, match="has not set a map of the day"):
        MazerGame("today")
    ClassScores(service, "teacher-token")._call("PUT", "api/today", {"map": "mazer:2"})
    game = MazerGame("today", name="Someone Else")
    assert game.map_id == "mazer:2" and "No scores saved" in game.scores_view.value
    walls, moves = good_walls("mazer:2", 1)
    game.set_walls(walls)
    game.save()
    assert game.board.status.startswith(f"Saved {moves} moves for ada: rank 1")
    assert "<td>ada</td>" in game.scores_view.value and "Someone" not in game.scores_view.value
    race = MathMazeRace(7, names=("Ada", "Grace"), rounds=1, seconds=60)
    race.start()
    race._on_win(race.games[1])
    assert "on the class&#x27;s race table" in race.saved.value
    assert ClassScores(service, "grace-token")._call("GET", "api/races")["races"][0] | {"saved": 0} == {
        "login": "ada", "players": ["Ada", "Grace"], "wins": [0, 1], "rounds": 1, "saved": 0}
    monkeypatch.delenv("MATHMAZE_SCORES_URL")
    with pytest.raises(ValueError, match="no map of the day here"):
        MazerGame("today")


FULL_DISK = r"""
import json, os, sys
from pathlib import Path
disk = Path(sys.argv[1])
from mathmaze_lib.hubscores import Table, TableError
from mathmaze_lib.store import Store, StoreError
table, store = Table(disk / "class"), Store(disk / "mine")
table.save("mazer:1", "ada", 12, [(0, 1)])
store.save_best("mazer:1", 12, [(0, 1)]); store.add_score("mazer:1", "ada", 12)
fill_the_disk(disk)
said = {}
for name, save in [("table", lambda: [table.save("mazer:1", f"learner{i}", 13 + i, [(0, 1)] * 50) for i in range(400)]),
                   ("store", lambda: [store.add_score("mazer:1", "x" * 40, i) for i in range(2000)])]:
    try:
        save()
        said[name] = "saved"
    except (TableError, StoreError) as err:
        said[name] = str(err)
said["table kept"] = table.lines("mazer:1", 1000)[-1]
said["store kept"] = [store.best("mazer:1"), store.high_scores("mazer:1", 1000)[-1][:2]]
print(json.dumps(said))
"""


def test_a_full_disk_while_saving_scores_says_so_and_keeps_what_was_saved(tmp_path):
    from test_handin import run_on_a_full_disk

    out = run_on_a_full_disk(FULL_DISK, tmp_path, size=300_000)
    assert out.returncode == 0, out.stderr
    said = json.loads(out.stdout.splitlines()[-1])
    assert said["table"].startswith("the class's score table could not be saved (the hub's disk is full)")
    assert "disk is full: free some space, then save again (nothing was changed)" in said["store"]
    assert said["table kept"] == ["ada", 12]
    assert said["store kept"] == [[12, [[0, 1]]], ["ada", 12]]


def test_the_table_keeps_the_best_line_per_login(tmp_path):
    table = Table(tmp_path)
    assert table.save("mazer:1", "ada", 5, []) == (True, 1)
    assert table.save("mazer:1", "bob", 9, []) == (True, 1)
    assert table.save("mazer:1", "ada", 7, []) == (True, 2)
    assert table.lines("mazer:1") == [("bob", 9), ("ada", 7)] and table.remove("mazer:1", "bob")
    for bad in ("mazer", "nowhere:1", "mazer:0", "mazer:1:2", ""):
        with pytest.raises(ValueError, match="presets' levels only"):
            hubscores.check_map(bad)
