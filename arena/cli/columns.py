"""What each column of the batch and report tables means, for `--help` (plain text: --help stays fast)."""

BATCH_COLUMNS = """columns of the batch table (one row per player and seat):
  wins draws losses   results on the board, in scored matches (errors, aborts, move limits are unscored)
  dq                  the player's own disqualifications
  opp dq              the opponent's disqualifications: never counted as a win
  win%                wins / scored matches
  invalid             refused answers (unreadable, off the board, taken cell), retried or not
  miss win, miss blk  wins on the spot not taken, and the opponent's immediate wins not blocked,
                      per valid move of the player (Topsakal's normalisation)
  miss sink           Battleship: shots that could have sunk a ship already hit and did not, per valid move
  moves               mean moves of both players per scored match
  s/move              the player's mean thinking time per answer, refused ones included, in
                      seconds (engine set-up is done before the clock starts); the caption's time
                      is the run's wall clock, over matches played at once"""

REPORT_COLUMNS = """columns of the report's leaderboard (one table per board and comparison group: players linked
by scored matches; ratings of different groups are never compared):
  rank          1 + the players of the group whose whole 95% interval lies above this one's
  rating        Bradley-Terry strength on the Elo scale (1000 = the mean player), fitted with a weak
                normal prior; ? marks fewer than 5 scored matches; - a player with none (listed last)
  95% CI        the wider of the bootstrap over matches and the posterior interval: never zero-width
  n             scored matches (errors, aborts and move limits are left out of every rate; their
                tokens and cost still count)
  W-D-L-DQ      wins, draws, losses on the board and the player's own disqualifications
  opp DQ        matches the opponent was disqualified in: not a win (the rating counts them, below)
  win 1st/2nd   win rate moving first / second
  inv/m         refused answers per match
  legal 1st/fin turns whose first answer was a legal move / turns the player moved in at all, after
                the rethinks its harness allows: legality apart from the quality of the legal moves
  miss win/blk  wins not taken and immediate losses not blocked, per valid move (Battleship:
                miss sink, hits that could have sunk a ship and did not)
  blunder       share of graded moves that made the position worse (tic-tac-toe exactly,
                Connect-Four by the solver within --grade-budget)
  keep          on graded positions not yet lost for the mover: the share of its moves that keep the
                game's value / the chance a uniform random legal move keeps it on the same positions
                (exact, from the solver's value of every move); JSON has both over all positions too
  tok/m, $/m    tokens and cost per match, when some model counted them
rules: a disqualification enters the rating as a lost comparison for the disqualified player;
the first-move term is fitted only when some pair met in both seat orders (else it says so);
matrix cells are the row player's W-D-L, +n its own DQs."""
