"""Arena: language models, people and engines playing grid games, measured honestly."""

import os

# Ratings fit many small systems: a multi-threaded BLAS only fights the other core for them (a 24-match report
# took 27-82 s on a loaded 2-core machine against 6 s single-threaded). Set before numpy loads; a user's own
# setting wins.
for _variable in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

__version__ = "0.1.0"
