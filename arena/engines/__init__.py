"""UCI engine processes (Stockfish): the only package that starts one; the chess player and the grading use it."""
