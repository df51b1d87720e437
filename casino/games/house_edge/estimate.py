"""Estimates from simulated rounds: the mean or ratio of per-round quantities, its 95 % interval,
and the variance reduction the calculator applies.

Rounds are tallied per *stratum*, the situation of the box's dealt hand, whose probability is
known exactly (:func:`~casino.games.house_edge.exact.situation_probabilities`). Two variance
reductions follow from what is known exactly:

* **post-stratification**: each stratum's mean is weighted by its exact probability instead of
  the share of rounds that happened to fall in it;
* **control variates**: the dealer's first-combination line (pair, two pair...) has an exactly
  known distribution too (:func:`~casino.games.house_edge.exact.line_counts`); each figure is
  corrected by the regression of its per-round value on the dealer's line indicators, whose
  expectations are exact.

Both leave the estimate unbiased up to terms of order 1/n (the regression coefficients are
estimated from the same rounds) and narrow the interval; :attr:`Estimate.plain_variance` is
what the variance would have been with neither, measured on the same rounds, so the saving is
reported rather than assumed. A ratio's interval comes from the delta method.

>>> import numpy as np
>>> tally = Tally(("x",), strata=1)
>>> tally.add(np.zeros(4, dtype=np.int64), np.array([[1], [3], [1], [3]]))
>>> estimate = tally.estimate({"x": 1})
>>> estimate.value, estimate.rounds
(2.0, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Final

import numpy as np
import numpy.typing as npt

from casino.games.house_edge.situations import IntArray

FloatArray = npt.NDArray[np.float64]

#: The normal quantile of a two-sided 95 % interval.
Z95: Final = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A simulated figure: its value, the half-width of its 95 % interval, the variance of the
    estimator as used, that of the plain sample mean on the same rounds, and the rounds."""

    value: float
    half_width: float
    variance: float
    plain_variance: float
    rounds: int

    @property
    def low(self) -> float:
        return self.value - self.half_width

    @property
    def high(self) -> float:
        return self.value + self.half_width

    @property
    def saving(self) -> float:
        """The share of rounds the variance reduction saves for the same interval (0 to 1)."""
        if self.plain_variance <= 0:
            return 0.0
        return max(0.0, 1 - self.variance / self.plain_variance)

    def covers(self, value: float) -> bool:
        return self.low <= value <= self.high


class Tally:
    """Sums per stratum of named integer columns and of their products: all an estimate needs.

    Sums are exact: a batch's products are summed in floating point below 2**53 (a batch of
    200,000 rounds of results up to 10**5 chips) and added up in 64-bit integers, which hold
    some ten billion such rounds.
    """

    def __init__(self, names: Sequence[str], *, strata: int) -> None:
        self.names = tuple(names)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.strata = strata
        width = len(self.names)
        self.count = np.zeros(strata, dtype=np.int64)
        self.sums = np.zeros((strata, width), dtype=np.int64)
        self.products = np.zeros((strata, width, width), dtype=np.int64)
        self._moments: tuple[int, FloatArray, FloatArray] | None = None

    @property
    def rounds(self) -> int:
        return int(self.count.sum())

    def add(self, stratum: IntArray, columns: npt.NDArray[np.int64]) -> None:
        """Tally rounds: ``columns`` has one row per round and one column per name."""
        values = columns.astype(np.float64)
        order = np.argsort(stratum, kind="stable")
        bounds = np.searchsorted(stratum[order], np.arange(self.strata + 1))
        for s in range(self.strata):
            rows = values[order[bounds[s] : bounds[s + 1]]]
            if not len(rows):
                continue
            self.count[s] += len(rows)
            self.sums[s] += rows.sum(axis=0).round().astype(np.int64)
            # einsum's own loop rather than BLAS, which would spread over every core.
            products = np.einsum("ij,ik->jk", rows, rows, optimize=False)
            self.products[s] += products.round().astype(np.int64)
        self._moments = None

    def moments(self) -> tuple[FloatArray, FloatArray]:
        """Per stratum, the mean of each column and the (sample) covariance of the columns."""
        if self._moments is not None and self._moments[0] == self.rounds:
            return self._moments[1], self._moments[2]
        counts = self.count.astype(np.float64)
        width = len(self.names)
        means = np.zeros((self.strata, width))
        covs = np.zeros((self.strata, width, width))
        for s in np.flatnonzero(counts > 1):
            n = counts[s]
            mean = self.sums[s] / n
            means[s] = mean
            covs[s] = (self.products[s] / n - np.outer(mean, mean)) * n / (n - 1)
        self._moments = (self.rounds, means, covs)
        return means, covs

    def estimate(
        self,
        numerator: Mapping[str, int],
        denominator: Mapping[str, int] | None = None,
        *,
        weights: Sequence[Fraction] | None = None,
        controls: Mapping[str, Fraction] | None = None,
    ) -> Estimate:
        """The estimate of E[numerator] / E[denominator] (both linear in the columns; no
        denominator: the mean of the numerator).

        ``weights`` are the strata's exact probabilities (post-stratification); ``controls``
        map control columns to their exact expectations.
        """
        counts = self.count.astype(np.float64)
        total = counts.sum()
        width = len(self.names)
        means, covs = self.moments()
        a = self._vector(numerator)
        b = self._vector(denominator) if denominator else np.zeros(width)

        plain = self._plain(a, b)
        p = np.array([float(w) for w in weights]) if weights is not None else counts / total
        control_columns = [self.index[name] for name in (controls or {})]
        expected = np.array([float(v) for v in (controls or {}).values()])
        estimate = self._ratio(a, b, p, counts, means, covs, control_columns, expected)
        return Estimate(
            value=estimate[0],
            half_width=Z95 * sqrt(estimate[1]),
            variance=estimate[1],
            plain_variance=plain,
            rounds=int(total),
        )

    def exact_mean(
        self, coefficients: Mapping[str, int], weights: Sequence[Fraction]
    ) -> Fraction | None:
        """E[Σ coefficient × column] exactly, when that sum takes one value in each stratum
        seen (zero variance) and every stratum of positive weight was seen; else ``None``."""
        total = Fraction(0)
        for s, weight in enumerate(weights):
            n = int(self.count[s])
            if n == 0:
                if weight:
                    return None
                continue
            value = sum(c * int(self.sums[s, self.index[k]]) for k, c in coefficients.items())
            square = sum(
                c * d * int(self.products[s, self.index[k], self.index[j]])
                for k, c in coefficients.items()
                for j, d in coefficients.items()
            )
            if square * n != value * value:  # some spread within the stratum
                return None
            total += weight * Fraction(value, n)
        return total

    def _plain(self, a: FloatArray, b: FloatArray) -> float:
        """The variance of the plain ratio of sample means (no strata, no controls)."""
        n = float(self.rounds)
        sums = self.sums.sum(axis=0).astype(np.float64)
        products = self.products.sum(axis=0).astype(np.float64)
        mean = sums / n
        cov = (products / n - np.outer(mean, mean)) * n / (n - 1)
        denominator = float(b @ mean) if b.any() else 1.0
        direction = a - (float(a @ mean) / denominator) * b if b.any() else a
        return max(float(direction @ cov @ direction) / n / denominator**2, 0.0)

    def _vector(self, coefficients: Mapping[str, int]) -> FloatArray:
        vector = np.zeros(len(self.names))
        for name, coefficient in coefficients.items():
            vector[self.index[name]] = coefficient
        return vector

    @staticmethod
    def _ratio(
        a: FloatArray,
        b: FloatArray,
        p: FloatArray,
        counts: FloatArray,
        means: FloatArray,
        covs: npt.NDArray[np.float64],
        control_columns: list[int] | None,
        expected: FloatArray | None,
    ) -> tuple[float, float]:
        used = counts > 1
        mean = (p[used, None] * means[used]).sum(axis=0)
        numerator = float(a @ mean)
        denominator = float(b @ mean) if b.any() else 1.0
        ratio = numerator / denominator
        direction = a - ratio * b if b.any() else a
        # The covariance of the stratified mean vector.
        scale = p[used] ** 2 / counts[used]
        cov_mean = (scale[:, None, None] * covs[used]).sum(axis=0)
        if control_columns:
            assert expected is not None
            cc = cov_mean[np.ix_(control_columns, control_columns)]
            cy = cov_mean[control_columns] @ direction
            beta = np.linalg.lstsq(cc, cy, rcond=None)[0]
            adjust = np.zeros_like(direction)
            adjust[control_columns] = beta
            ratio -= float(beta @ (mean[control_columns] - expected)) / denominator
            direction = direction - adjust
        variance = float(direction @ cov_mean @ direction) / denominator**2
        return ratio, max(variance, 0.0)
