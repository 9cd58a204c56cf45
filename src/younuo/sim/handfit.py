"""Fitting the hand model (:mod:`younuo.bots.handmodel`) to recorded hands: numpy only.

Each sample is one other player's hand at one of the viewer's decisions: for every
card kind of the unseen pool, its features (:func:`younuo.bots.tells.card_features`),
how many copies are unseen (``unseen``) and how many the hand really held (``held``).
The model deals each card of the hand from the pool's kinds with probability

    p(k) = unseen(k) exp(theta . x(k)) / sum over kinds j of unseen(j) exp(theta . x(j))

and :func:`fit` finds the ``theta`` that maximises the likelihood of the held cards,
``sum over samples and kinds of held(k) log p(k)`` (a multinomial logit with the log
of the unseen counts as offset), by Newton's method: the problem is convex and has a
few dozen weights, so a dozen steps reach the optimum.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Samples:
    """``x``: (samples, kinds, features); ``unseen`` and ``held``: (samples, kinds).

    A kind absent from a sample's pool has ``unseen`` 0 (and ``held`` 0): it is left out.
    """

    x: Array
    unseen: Array
    held: Array

    def __post_init__(self) -> None:
        n, k, _ = self.x.shape
        if self.unseen.shape != (n, k) or self.held.shape != (n, k):
            raise ValueError("x, unseen and held must describe the same samples and kinds")
        if np.any(self.held > self.unseen):
            raise ValueError("a hand cannot hold more copies of a kind than are unseen")


def probabilities(theta: Array, samples: Samples) -> Array:
    """p(k) of each kind in each sample (rows sum to 1)."""
    logits = samples.x @ theta
    logits = np.where(
        samples.unseen > 0, logits + np.log(np.maximum(samples.unseen, 1e-300)), -np.inf
    )
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    out: Array = p / p.sum(axis=1, keepdims=True)
    return out


def log_likelihood(theta: Array, samples: Samples) -> float:
    """Mean log-probability per held card."""
    p = probabilities(theta, samples)
    mask = samples.held > 0
    total = float(np.sum(samples.held[mask] * np.log(p[mask])))
    return total / float(samples.held.sum())


def fit(samples: Samples, *, steps: int = 25, ridge: float = 1e-3) -> Array:
    """The maximum-likelihood ``theta`` (with a small ``ridge`` penalty, for features
    that never vary), by damped Newton steps from zero (the uniform deal)."""
    f = samples.x.shape[2]
    theta = np.zeros(f)
    cards = samples.held.sum(axis=1)  # cards per hand
    total = float(cards.sum())
    for _ in range(steps):
        p = probabilities(theta, samples)
        mean = np.einsum("nk,nkf->nf", p, samples.x)
        grad = np.einsum("nk,nkf->f", samples.held, samples.x) - cards @ mean
        grad = grad / total - ridge * theta
        second = np.einsum("nk,nkf,nkg->fg", p * cards[:, None], samples.x, samples.x)
        hess = (second - np.einsum("n,nf,ng->fg", cards, mean, mean)) / total
        hess += ridge * np.eye(f)
        step = np.linalg.solve(hess, grad)
        before = log_likelihood(theta, samples)
        scale = 1.0
        while scale > 1e-3 and log_likelihood(theta + scale * step, samples) < before - 1e-12:
            scale /= 2  # damped: never a step that lowers the likelihood
        theta = theta + scale * step
        if float(np.max(np.abs(scale * step))) < 1e-6:
            break
    return theta
