"""Training `tutor.ai.mlp`'s perceptron with Adam (`python -m tutor ai-value train`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import numpy as np

from tutor.ai.mlp import MLP


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
