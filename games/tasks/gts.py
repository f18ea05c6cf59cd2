"""Guess-the-SMILES: an ASCII drawing of a molecule's 2D graph; the answer is its SMILES, judged with RDKit.

Correct means the canonical SMILES match with stereochemistry ignored; chemical similarity is the
Tanimoto coefficient of Morgan fingerprints (radius 2, 2048 bits), -1 for an answer RDKit cannot
parse, as ChildPlay scores it; string distance is the Levenshtein distance to the canonical SMILES.
"""

from __future__ import annotations

import math
import random
import re

from rapidfuzz.distance import Levenshtein
from rdkit import Chem, DataStructs, RDLogger
from rdkit.Chem import rdDepictor, rdFingerprintGenerator

from games.tasks.base import Item, Verdict
from games.tasks.molecules import MOLECULES

RDLogger.DisableLog("rdApp.*")  # type: ignore[attr-defined]  # an unparsable answer is a result here, not a console warning
COLUMNS_PER_BOND, ROWS_PER_BOND = 6.0, 4.0  # a 30-degree bond spans 2 rows and 5 columns
BOND_MARK = {Chem.BondType.DOUBLE: "=", Chem.BondType.TRIPLE: "#"}
_FINGERPRINT = rdFingerprintGenerator.GetMorganGenerator(radius=2, fpSize=2048)
_SMILES_LINE = re.compile(r"smiles\s*[:=]\s*`*\s*(\S+)", re.IGNORECASE)


def canonical(smiles: str) -> str | None:
    """RDKit's canonical SMILES without stereochemistry, or None if RDKit cannot parse it."""
    molecule = Chem.MolFromSmiles(smiles) if smiles else None
    return str(Chem.MolToSmiles(molecule, isomericSmiles=False)) if molecule is not None else None


def _bond_char(dx: float, dy: float) -> str:
    """The character for a bond by its direction in the 2D layout (y up), so a zigzag chain reads `/\\/`."""
    angle = math.degrees(math.atan2(dy, dx)) % 180
    if angle < 22.5 or angle >= 157.5:
        return "-"
    if 67.5 <= angle < 112.5:
        return "|"
    return "/" if angle < 90 else "\\"


def ascii_drawing(smiles: str) -> str:
    """The molecule drawn from RDKit's 2D coordinates onto a character grid (hydrogens implicit).

    Atoms are element symbols; bonds are `-`, `|`, `/` or `\\` along their direction, with `=` or `#` at
    the middle of a double or triple bond (aromatic rings are drawn in one Kekule form).
    """
    molecule = Chem.MolFromSmiles(smiles)
    if molecule is None:
        raise ValueError(f"RDKit cannot parse {smiles!r}")
    Chem.Kekulize(molecule, clearAromaticFlags=True)
    rdDepictor.SetPreferCoordGen(False)
    rdDepictor.Compute2DCoords(molecule, canonOrient=True)
    conformer = molecule.GetConformer()
    points = [conformer.GetAtomPosition(i) for i in range(molecule.GetNumAtoms())]
    lengths = [(points[b.GetBeginAtomIdx()] - points[b.GetEndAtomIdx()]).Length() for b in molecule.GetBonds()] or [1.0]
    unit = sum(lengths) / len(lengths)
    cells = {
        i: (round(-p.y / unit * ROWS_PER_BOND), round(p.x / unit * COLUMNS_PER_BOND)) for i, p in enumerate(points)
    }
    top = min(r for r, _ in cells.values())
    left = min(c for _, c in cells.values())
    cells = {i: (r - top, c - left) for i, (r, c) in cells.items()}
    canvas: dict[tuple[int, int], str] = {}
    for i, (r, c) in cells.items():
        atom = molecule.GetAtomWithIdx(i)
        for k, ch in enumerate(atom.GetSymbol()):
            canvas[(r, c + k)] = ch
    atom_cells = set(canvas)
    for bond in molecule.GetBonds():
        begin, end = bond.GetBeginAtomIdx(), bond.GetEndAtomIdx()
        (r1, c1), (r2, c2) = cells[begin], cells[end]
        char = _bond_char(points[end].x - points[begin].x, points[end].y - points[begin].y)
        steps = max(1, abs(c2 - c1) if char == "-" else abs(r2 - r1))  # one character per column or per row
        path = [(round(r1 + (r2 - r1) * s / steps), round(c1 + (c2 - c1) * s / steps)) for s in range(1, steps)]
        path = [cell for cell in path if cell not in atom_cells]
        for cell in path:
            canvas.setdefault(cell, char)
        mark = BOND_MARK.get(bond.GetBondType())
        if mark and path:
            canvas[path[len(path) // 2]] = mark
    rows = max(r for r, _ in canvas) + 1
    width = max(c for _, c in canvas) + 1
    lines = ["".join(canvas.get((r, c), " ") for c in range(width)).rstrip() for r in range(rows)]
    return "\n".join(lines)


def random_smiles(rng: random.Random) -> str:
    """A random valid small molecule: a chain of 3-9 heavy atoms (C, N, O) with branches and maybe a ring."""
    while True:
        molecule = Chem.RWMol()
        count = rng.randint(3, 9)
        for i in range(count):
            symbol = rng.choices(("C", "N", "O"), weights=(7, 2, 2))[0]
            index = molecule.AddAtom(Chem.Atom(symbol))
            if i:
                molecule.AddBond(rng.randrange(index), index, Chem.BondType.SINGLE)
        if count >= 5 and rng.random() < 0.4:
            a, b = rng.sample(range(count), 2)
            if molecule.GetBondBetweenAtoms(a, b) is None:
                molecule.AddBond(a, b, Chem.BondType.SINGLE)
        bonds = list(molecule.GetBonds())
        if rng.random() < 0.5:
            rng.choice(bonds).SetBondType(Chem.BondType.DOUBLE)
        try:
            Chem.SanitizeMol(molecule)
        except Exception:
            continue
        smiles = Chem.MolToSmiles(molecule, isomericSmiles=False)
        ring_sizes = [len(ring) for ring in molecule.GetRingInfo().AtomRings()]
        if all(size >= 5 for size in ring_sizes):  # small strained rings draw poorly at this scale
            return smiles


def read_smiles(answer: str) -> str:
    """The SMILES in a reply: a `SMILES: ...` line, else the last word of the last non-empty line."""
    found = _SMILES_LINE.findall(answer)
    if found:
        return str(found[-1]).strip("`'\".,;")
    lines = [line for line in answer.strip().splitlines() if line.strip()]
    return lines[-1].split()[-1].strip("`'\".,;") if lines else ""


class GtSTask:
    """Molecules from the curated list (cycled in a seeded order), or seeded random ones with `generated`."""

    name = "gts"
    default_items = 100

    def __init__(self, generated: bool = False) -> None:
        self.generated = generated

    def items(self, count: int, seed: int) -> list[Item]:
        """Each item: the target's canonical SMILES and its ASCII drawing."""
        rng = random.Random(f"gts:{seed}")
        items = []
        order = list(MOLECULES)
        for number in range(1, count + 1):
            if self.generated:
                name, smiles = "generated", random_smiles(rng)
            else:
                if (number - 1) % len(order) == 0:
                    rng.shuffle(order)
                name, smiles = order[(number - 1) % len(order)]
            target = canonical(smiles)
            assert target is not None, smiles
            items.append(Item(number, target, ascii_drawing(target), {"name": name}))
        return items

    def judge(self, item: Item, answer: str) -> Verdict:
        """Correct, similarity and string distance; an unparsable SMILES scores similarity -1."""
        written = read_smiles(answer)
        if not written:
            return Verdict(False, False, None, {"similarity": -1.0, "distance": float(len(item.truth))}, "empty answer")
        distance = float(Levenshtein.distance(written, item.truth))
        read = canonical(written)
        if read is None:
            return Verdict(True, False, written, {"similarity": -1.0, "distance": distance}, "not a valid SMILES")
        similarity = DataStructs.TanimotoSimilarity(
            _FINGERPRINT.GetFingerprint(Chem.MolFromSmiles(read)),
            _FINGERPRINT.GetFingerprint(Chem.MolFromSmiles(item.truth)),
        )
        return Verdict(True, read == item.truth, read, {"similarity": round(similarity, 4), "distance": distance})

    def random_answer(self, item: Item, rng: random.Random) -> str:
        """A random SMILES from the curated list."""
        return rng.choice(MOLECULES)[1]
