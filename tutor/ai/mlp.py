"""A small multilayer perceptron in NumPy: the learned value's model, its training and its
file. ReLU between layers, inputs standardized by the training set's means and spreads."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
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


def train(x: np.ndarray, y: np.ndarray, x_val: np.ndarray, y_val: np.ndarray,
          hidden: Sequence[int] = (256, 128), epochs: int = 15, rate: float = 1e-3,
          batch: int = 256, decay: float = 1e-5, seed: int = 0, classes: int = 0,
          progress: Callable[[int, float], None] | None = None) -> MLP:
    """Fit an MLP with Adam: to y by squared error, or with `classes` > 0 to the class
    indices y by cross-entropy (the outputs are then logits). The epoch with the least
    validation loss is kept. `progress(epoch, validation loss)` after each epoch."""
    rng = np.random.default_rng(seed)
    mean, scale = _moments(x)
    xv = _scaled(x_val, mean, scale)
    sizes = [x.shape[1], *hidden, classes or 1]
    params = []
    for a, b in itertools.pairwise(sizes):
        params += [rng.normal(0.0, np.sqrt(2.0 / a), (a, b)).astype(np.float32),
                   np.zeros(b, np.float32)]
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]
    beta1, beta2, eps, step = 0.9, 0.999, 1e-8, 0
    yf = y.astype(np.int64 if classes else np.float32)
    best: tuple[float, list[np.ndarray]] = (np.inf, params)
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            idx = np.sort(order[start:start + batch])
            acts = _forward(params, _scaled(x[idx], mean, scale))
            grad = _loss_grad(acts[-1], yf[idx], classes)
            step += 1
            for i in range(len(params) // 2 - 1, -1, -1):
                w = params[2 * i]
                grads = (acts[i].T @ grad + decay * w, grad.sum(0))
                if i:
                    grad = (grad @ w.T) * (acts[i] > 0)
                for j, g in zip((2 * i, 2 * i + 1), grads, strict=True):
                    m1[j] = beta1 * m1[j] + (1 - beta1) * g
                    m2[j] = beta2 * m2[j] + (1 - beta2) * g * g
                    corr1, corr2 = 1 - beta1 ** step, 1 - beta2 ** step
                    params[j] -= (rate * (m1[j] / corr1)
                                  / (np.sqrt(m2[j] / corr2) + eps)).astype(np.float32)
        error = _loss(_forward(params, xv)[-1], y_val, classes)
        if progress is not None:
            progress(epoch, error)
        if error < best[0]:
            best = (error, [p.copy() for p in params])
    kept = best[1]
    layers = [(kept[2 * i].astype(np.float64), kept[2 * i + 1].astype(np.float64))
              for i in range(len(kept) // 2)]
    return MLP(layers, mean.astype(np.float64), scale.astype(np.float64))


def _forward(params: list[np.ndarray], x: np.ndarray) -> list[np.ndarray]:
    acts = [x]
    last = len(params) // 2 - 1
    for i in range(last + 1):
        h = acts[-1] @ params[2 * i] + params[2 * i + 1]
        acts.append(np.maximum(h, 0.0) if i < last else h)
    return acts


def _softmax(logits: np.ndarray) -> np.ndarray:
    z = np.exp(logits - logits.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def _loss_grad(out: np.ndarray, y: np.ndarray, classes: int) -> np.ndarray:
    """The mean loss's gradient with respect to the outputs of a batch."""
    if not classes:
        return (2.0 / len(y)) * (out[:, 0] - y)[:, None]
    grad = _softmax(out)
    grad[np.arange(len(y)), y] -= 1.0
    return grad / len(y)


def _loss(out: np.ndarray, y: np.ndarray, classes: int) -> float:
    """Mean squared error, or mean cross-entropy with `classes`."""
    if not classes:
        return float(np.mean((out[:, 0] - y) ** 2))
    p = _softmax(out.astype(np.float64))
    return float(-np.mean(np.log(p[np.arange(len(y)), y] + 1e-12)))


def _moments(x: np.ndarray, chunk: int = 65536) -> tuple[np.ndarray, np.ndarray]:
    """Each column's mean and spread (plus a little, so constant columns divide safely),
    summed in chunks so a large float16 table is never copied whole."""
    total = np.zeros(x.shape[1])
    squares = np.zeros(x.shape[1])
    for start in range(0, len(x), chunk):
        part = x[start:start + chunk].astype(np.float64)
        total += part.sum(0)
        squares += (part * part).sum(0)
    mean = total / len(x)
    return mean, np.sqrt(np.maximum(squares / len(x) - mean * mean, 0.0)) + 1e-3


def _scaled(x: np.ndarray, mean: np.ndarray, scale: np.ndarray) -> np.ndarray:
    return ((x.astype(np.float64) - mean) / scale).astype(np.float32)
