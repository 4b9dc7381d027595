"""The puzzles, one package each: :mod:`.summaze` (Math Maze), :mod:`.jumpmaze` (jumping mazes);
the wall maze is :mod:`mathmaze_lib.wallmaze`. Each package is split by idea (rules and text
format; solving; generating) and has the shape of :mod:`.protocol`."""
