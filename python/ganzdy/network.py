"""The learned agents' network file: its format, the move vector it reads, and a slow,
obviously-correct forward pass that the C++ inference is tested against.

A network scores (observation, move) pairs, as DouZero's Q-network does: its input is a
seat's observation vector (``deal.observation(seat)``) followed by one legal move's
*move vector*, and its output is one number, the expected search reward of playing that
move (the ``"points"`` reward of ``ganzdy.ismcts``, in [0, 1]). The agent plays the legal
move with the highest score; the search takes the scores as its prior and value.

The move vector (``MOVE_FEATURES_VERSION`` 1) is made from a deal's
``legal_move_features()`` row, and says nothing of suits:

    [0, 15)              how many cards of each rank the move plays: 3 4 ... A 2, BJ, RJ
    [15, 15 + K)         the move's kind, one-hot over ``ganzdy.MOVE_KINDS`` (K kinds)
    [15 + K, 29 + K)     its key rank, one-hot over -1 (none), 0 (3) ... 12 (2)
    29 + K               how many wild cards it plays

so the suit variants of one play share a vector (and a score); of those the agent plays
the first in the legal-move order.

The file (``FORMAT_VERSION`` 1), little-endian:

    8 bytes   b"GANZDYNN"
    u32       format version
    u32       header length H
    H bytes   UTF-8 header: one "key value" line each (the value is the rest of the line)
    then for each layer, in order: its weights, float32 [out][in] row-major, then its
    biases, float32 [out]; nothing after the last layer.

Header keys every file has: ``game``, ``players``, ``observation_version``,
``observation_size``, ``move_features`` (the move vector's version), ``move_kinds`` (K),
``layers`` (the widths, input first: ``observation_size + move_size`` ... 1) and
``activation`` (``relu``: every layer but the last is followed by it). Any other keys
(how it was trained, for instance) are kept and shown but not interpreted.
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ganzdy._core import MOVE_KINDS, NetworkFileError

MAGIC = b"GANZDYNN"
FORMAT_VERSION = 1
MOVE_FEATURES_VERSION = 1
RANK_SLOTS = 15  # 3 ... A, 2, BJ, RJ
KEY_SLOTS = 14  # no key, then 3 ... 2
REQUIRED_KEYS = (
    "game",
    "players",
    "observation_version",
    "observation_size",
    "move_features",
    "move_kinds",
    "layers",
    "activation",
)

Vector = npt.NDArray[np.float32]


__all__ = [
    "FORMAT_VERSION",
    "MAGIC",
    "MOVE_FEATURES_VERSION",
    "Network",
    "NetworkFileError",
    "check_fits",
    "move_size",
    "move_vectors",
    "read_network",
    "write_network",
]


def move_size(kinds: int = len(MOVE_KINDS)) -> int:
    """The width of a move vector when there are ``kinds`` move kinds."""
    return RANK_SLOTS + kinds + KEY_SLOTS + 1


def move_vectors(features: Mapping[str, npt.NDArray[Any]]) -> Vector:
    """The move vectors ``[n, move_size()]`` of ``legal_move_features()``'s rows."""
    cards = np.asarray(features["cards"], dtype=np.float32)
    kinds = np.asarray(features["kind"], dtype=np.int64)
    keys = np.asarray(features["key"], dtype=np.int64)
    wilds = np.asarray(features["wilds"], dtype=np.float32)
    n = cards.shape[0]
    out = np.zeros((n, move_size()), dtype=np.float32)
    # Faces are rank-major, four suits a rank, then BJ and RJ.
    out[:, :13] = cards[:, :52].reshape(n, 13, 4).sum(axis=2)
    out[:, 13] = cards[:, 52]
    out[:, 14] = cards[:, 53]
    rows = np.arange(n)
    out[rows, RANK_SLOTS + kinds] = 1.0
    out[rows, RANK_SLOTS + len(MOVE_KINDS) + keys + 1] = 1.0
    out[:, -1] = wilds
    return out


@dataclass
class Network:
    """A network file's contents: its header and its layers ``(weights, biases)``."""

    header: dict[str, str]
    layers: list[tuple[Vector, Vector]] = field(default_factory=list)

    @property
    def game(self) -> str:
        return self.header["game"]

    @property
    def widths(self) -> tuple[int, ...]:
        return tuple(int(w) for w in self.header["layers"].split())

    def q_values(self, observation: npt.ArrayLike, moves: npt.ArrayLike) -> Vector:
        """The score of each move vector row of ``moves`` after ``observation``: the
        reference forward pass, one matrix product a layer."""
        obs = np.asarray(observation, dtype=np.float32)
        rows = np.asarray(moves, dtype=np.float32)
        x = np.concatenate([np.broadcast_to(obs, (rows.shape[0], obs.shape[0])), rows], axis=1)
        for i, (weights, biases) in enumerate(self.layers):
            x = x @ weights.T + biases
            if i + 1 < len(self.layers):
                x = np.maximum(x, 0.0)
        scores: Vector = x[:, 0].astype(np.float32)
        return scores


def _is_whole_number(text: str) -> bool:
    # ASCII digits only (str.isdigit also takes "²", which int() refuses), and at most
    # nine: no width, size or count of a network comes near.
    return 0 < len(text) <= 9 and all("0" <= c <= "9" for c in text)


def _check_header(header: Mapping[str, str], source: str) -> None:
    missing = [key for key in REQUIRED_KEYS if key not in header]
    if missing:
        raise NetworkFileError(f"{source}: the header lacks {', '.join(missing)}")
    if header["activation"] != "relu":
        raise NetworkFileError(f"{source}: activation {header['activation']!r}; expected 'relu'")
    if header["move_features"] != str(MOVE_FEATURES_VERSION):
        raise NetworkFileError(
            f"{source}: move vector version {header['move_features']!r}; this ganzdy reads "
            f"version {MOVE_FEATURES_VERSION}"
        )
    for key in ("players", "observation_version", "observation_size", "move_kinds"):
        if not _is_whole_number(header[key]):
            raise NetworkFileError(f"{source}: {key} {header[key]!r}; expected a whole number")
    widths = header["layers"].split()
    if len(widths) < 2 or not all(_is_whole_number(w) and int(w) > 0 for w in widths):
        raise NetworkFileError(f"{source}: layers {header['layers']!r}; expected widths > 0")
    expected = int(header["observation_size"]) + move_size(int(header["move_kinds"]))
    if int(widths[0]) != expected or int(widths[-1]) != 1:
        raise NetworkFileError(
            f"{source}: layers {header['layers']!r}; the first must be the observation "
            f"and move size, {expected}, and the last 1"
        )


def write_network(path: str | Path, network: Network) -> None:
    """Writes ``network`` to ``path`` in the format above."""
    _check_header(network.header, str(path))
    widths = network.widths
    if len(network.layers) != len(widths) - 1:
        raise NetworkFileError(f"{path}: {len(network.layers)} layers for widths {widths}")
    text = "".join(f"{key} {value}\n" for key, value in network.header.items())
    if any("\n" in f"{key} {value}" for key, value in network.header.items()):
        raise NetworkFileError(f"{path}: a header key or value holds a line break")
    if any(" " in key or not key for key in network.header):
        raise NetworkFileError(f"{path}: a header key is empty or holds a space")
    blob = text.encode("utf-8")
    parts = [MAGIC, struct.pack("<II", FORMAT_VERSION, len(blob)), blob]
    for (weights, biases), (fan_in, fan_out) in zip(
        network.layers, itertools.pairwise(widths), strict=True
    ):
        if weights.shape != (fan_out, fan_in) or biases.shape != (fan_out,):
            raise NetworkFileError(
                f"{path}: a layer of shape {weights.shape} / {biases.shape}; expected "
                f"({fan_out}, {fan_in}) / ({fan_out},)"
            )
        parts.append(np.ascontiguousarray(weights, dtype="<f4").tobytes())
        parts.append(np.ascontiguousarray(biases, dtype="<f4").tobytes())
    Path(path).write_bytes(b"".join(parts))


def read_network(path: str | Path) -> Network:
    """The network in ``path``; ``NetworkFileError`` saying what is wrong otherwise."""
    data = Path(path).read_bytes()
    source = str(path)
    if data[:8] != MAGIC:
        raise NetworkFileError(f"{source} is no ganzdy network file (it does not start {MAGIC!r})")
    if len(data) < 16:
        raise NetworkFileError(f"{source}: cut short in its first 16 bytes")
    version, length = struct.unpack("<II", data[8:16])
    if version != FORMAT_VERSION:
        raise NetworkFileError(
            f"{source}: format version {version}; this ganzdy reads version {FORMAT_VERSION}"
        )
    if 16 + length > len(data):
        raise NetworkFileError(f"{source}: a header of {length} bytes in a {len(data)}-byte file")
    try:
        text = data[16 : 16 + length].decode("utf-8")
    except UnicodeDecodeError as e:
        raise NetworkFileError(f"{source}: the header is not UTF-8 ({e})") from None
    header: dict[str, str] = {}
    # Lines end at "\n" alone: a value may hold any other character (splitlines would
    # also break a value at "\r" or "\u2028", which write_network lets through).
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    for line in lines:
        key, _, value = line.partition(" ")
        header[key] = value
    _check_header(header, source)
    widths = [int(w) for w in header["layers"].split()]
    offset = 16 + length
    layers: list[tuple[Vector, Vector]] = []
    for fan_in, fan_out in itertools.pairwise(widths):
        size = 4 * (fan_out * fan_in + fan_out)
        if offset + size > len(data):
            raise NetworkFileError(f"{source}: cut short in layer {len(layers) + 1}")
        weights = np.frombuffer(data, "<f4", fan_out * fan_in, offset).reshape(fan_out, fan_in)
        biases = np.frombuffer(data, "<f4", fan_out, offset + 4 * fan_out * fan_in)
        layers.append((weights.astype(np.float32), biases.astype(np.float32)))
        offset += size
    if offset != len(data):
        raise NetworkFileError(f"{source}: {len(data) - offset} bytes after the last layer")
    return Network(header, layers)


def check_fits(
    network: Network,
    game: str,
    players: int,
    observation_version: int,
    observation_size: int,
    source: str = "the network",
) -> None:
    """Raises ``NetworkFileError`` unless ``network`` was made for this game, player
    count and observation format."""
    wanted: Sequence[tuple[str, object]] = (
        ("game", game),
        ("players", players),
        ("observation_version", observation_version),
        ("observation_size", observation_size),
        ("move_kinds", len(MOVE_KINDS)),
    )
    for key, value in wanted:
        if network.header[key] != str(value):
            raise NetworkFileError(
                f"{source} was trained for {key} {network.header[key]}, not {value}"
            )
