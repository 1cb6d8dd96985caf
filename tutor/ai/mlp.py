"""A small multilayer perceptron in NumPy: the learned value's model and its file. ReLU
between layers, inputs standardized by the training set's means and spreads (the training
is `lab.ai.train`'s)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass
class MLP:
    """Layers as (weights, biases), and the input scaling they were trained with."""

    layers: list[tuple[np.ndarray, np.ndarray]]
    mean: np.ndarray
    scale: np.ndarray

    def __call__(self, x: np.ndarray) -> np.ndarray:
        """The model's output for each row of `x` (one number a row)."""
        return self.outputs(x)[:, 0]

    def outputs(self, x: np.ndarray) -> np.ndarray:
        """The model's outputs for each row of `x` (a row each)."""
        h = (np.asarray(x, dtype=np.float64) - self.mean) / self.scale
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        return h

    def save(self, path: Path | str, info: dict | None = None) -> None:
        """Write the model (float32) to `path`, with `info` (how it was made) as JSON."""
        arrays = {"mean": self.mean, "scale": self.scale,
                  "info": np.array(json.dumps(info or {}))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w.astype(np.float32), b.astype(np.float32)
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, path: Path | str) -> MLP:
        """The model `save` wrote; ValueError if the file is not one."""
        try:
            with np.load(path) as data:
                count = sum(1 for k in data.files if k[0] == "w" and k[1:].isdigit())
                layers = [(data[f"w{i}"].astype(np.float64), data[f"b{i}"].astype(np.float64))
                          for i in range(count)]
                mean, scale = data["mean"].astype(np.float64), data["scale"].astype(np.float64)
        except (OSError, KeyError, ValueError, TypeError, AttributeError) as exc:
            raise ValueError(f"{path} is not a saved model: {exc}") from None
        if not layers:
            raise ValueError(f"{path} is not a saved model: it has no layers")
        width = len(mean)
        for i, (w, b) in enumerate(layers):
            if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
                raise ValueError(f"{path} is not a saved model: layer {i} does not fit")
            width = w.shape[1]
        if scale.shape != mean.shape:
            raise ValueError(f"{path} is not a saved model: its input scaling does not fit")
        return cls(layers, mean, scale)

    @property
    def shape(self) -> tuple[int, int]:
        """How many inputs the model reads and how many outputs it gives."""
        return len(self.mean), self.layers[-1][0].shape[1]
