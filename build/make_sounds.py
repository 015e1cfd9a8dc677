#!/usr/bin/env python
"""Synthesize the app's sound effects (assets/sounds/*.wav) with the standard library.

Usage: ``python build/make_sounds.py [--out DIR]``. 22050 Hz, mono, 16-bit PCM, each under 1.5 s,
normalized, with short fades so nothing clicks. Deterministic: noise comes from game.core.rng.Rng.
"""
from __future__ import annotations

import argparse
import math
import struct
import sys
import wave
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.rng import Rng  # noqa: E402

RATE = 22050
PEAK = 0.89  # normalized peak (about -1 dBFS)
Signal = list[float]


# -- building blocks ----------------------------------------------------------------------------
def silence(seconds: float) -> Signal:
    return [0.0] * int(seconds * RATE)


def noise(n: int, rng: Rng) -> Signal:
    return [rng.random() * 2 - 1 for _ in range(n)]


def lowpass(x: Signal, cutoff: float | Callable[[int], float]) -> Signal:
    """One-pole low-pass; cutoff in Hz, constant or per sample."""
    out, y = [], 0.0
    for i, v in enumerate(x):
        fc = cutoff(i) if callable(cutoff) else cutoff
        a = 1 - math.exp(-2 * math.pi * fc / RATE)
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Signal, cutoff: float) -> Signal:
    low = lowpass(x, cutoff)
    return [a - b for a, b in zip(x, low)]


def resonator(x: Signal, freq: float, decay_s: float) -> Signal:
    """Two-pole resonant filter: rings at ``freq`` and dies away in about ``decay_s``."""
    r = math.exp(-1 / (decay_s * RATE))
    c1 = 2 * r * math.cos(2 * math.pi * freq / RATE)
    c2 = -r * r
    y1 = y2 = 0.0
    out = []
    for v in x:
        y = v + c1 * y1 + c2 * y2
        out.append(y)
        y2, y1 = y1, y
    return out


def envelope(n: int, attack: float, decay: float, sustain_s: float = 0.0, curve: float = 1.0) -> Signal:
    """Attack (linear) then exponential-ish decay; times in seconds."""
    a = max(1, int(attack * RATE))
    s = int(sustain_s * RATE)
    out = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        elif i < a + s:
            out.append(1.0)
        else:
            t = (i - a - s) / RATE
            out.append(math.exp(-t / max(1e-4, decay)) ** curve)
    return out


def mul(x: Signal, y: Signal) -> Signal:
    return [a * b for a, b in zip(x, y)]


def mix_into(dst: Signal, src: Signal, at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    if start + len(src) > len(dst):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain


def finish(x: Signal, fade_in: float = 0.004, fade_out: float = 0.012) -> Signal:
    """Remove DC, trim the silent tail, normalize to PEAK and fade both ends."""
    mean = sum(x) / len(x)
    x = [v - mean for v in x]
    peak = max(abs(v) for v in x) or 1.0
    last = max(i for i, v in enumerate(x) if abs(v) > 0.003 * peak)
    x = x[:min(len(x), last + int(0.02 * RATE))]
    x = [v * PEAK / peak for v in x]
    fi, fo = max(1, int(fade_in * RATE)), max(1, int(fade_out * RATE))
    for i in range(min(fi, len(x))):
        x[i] *= i / fi
    for i in range(min(fo, len(x))):
        x[len(x) - 1 - i] *= i / fo
    return x


# -- the sounds ---------------------------------------------------------------------------------
def card() -> Signal:
    """A short papery swish: band-passed noise that sweeps up, with a soft snap at the end."""
    rng = Rng(501)
    n = int(0.2 * RATE)
    raw = noise(n, rng)
    swept = lowpass(highpass(raw, 1200), lambda i: 2500 + 5000 * i / n)
    env = [math.sin(math.pi * min(1.0, i / (0.85 * n))) ** 1.6 if i < 0.85 * n else 0.0 for i in range(n)]
    out = mul(swept, env)
    snap = mul(highpass(noise(int(0.025 * RATE), rng), 2000), envelope(int(0.025 * RATE), 0.001, 0.005))
    mix_into(out, snap, 0.16, 0.6)
    return finish(out)


def _click(rng: Rng, freq: float, length: float, decay: float) -> Signal:
    n = int(length * RATE)
    burst = mul(noise(n, rng), envelope(n, 0.0005, 0.002))
    return resonator(burst, freq, decay)


def dice() -> Signal:
    """A few clicks of dice rattling and settling on a table."""
    rng = Rng(502)
    out = silence(0.62)
    t = 0.0
    gap = 0.085
    for i in range(7):
        for _ in range(1 + (i < 3)):  # two dice: early hits come in pairs
            f = 2200 + rng.random() * 2600
            c = _click(rng, f, 0.05, 0.006 + rng.random() * 0.004)
            mix_into(out, c, t + rng.random() * 0.012, 0.9 ** i * (0.7 + 0.3 * rng.random()))
        low = _click(rng, 480 + rng.random() * 200, 0.05, 0.01)  # the table under them
        mix_into(out, low, t, 0.35 * 0.85 ** i)
        t += gap * (0.8 + 0.4 * rng.random())
        gap *= 0.82
    return finish(out)


def splash() -> Signal:
    """A splash: a burst of noise whose brightness falls, with a few droplets."""
    rng = Rng(503)
    n = int(0.9 * RATE)
    raw = noise(n, rng)
    body = lowpass(raw, lambda i: 300 + 5200 * math.exp(-i / (0.12 * RATE)))
    body = lowpass(body, 6000)
    env = envelope(n, 0.012, 0.2, 0.03, 1.0)
    out = mul(body, env)
    for _ in range(7):  # droplets: short rising blips
        at = 0.12 + rng.random() * 0.55
        f0 = 700 + rng.random() * 900
        m = int(0.04 * RATE)
        drop = [math.sin(2 * math.pi * (f0 * i / RATE + 0.5 * 9000 * (i / RATE) ** 2)) * math.exp(-i / (0.01 * RATE))
                for i in range(m)]
        mix_into(out, drop, at, 0.08 + 0.08 * rng.random())
    return finish(out, 0.003, 0.05)


def _knock(rng: Rng, seconds: float, attack: float, decay: float,
           partials: tuple[tuple[float, float, float], ...]) -> Signal:
    """A noise burst ringing through resonators: (frequency, decay in seconds, gain) each."""
    n = int(seconds * RATE)
    burst = mul(noise(n, rng), envelope(n, attack, decay))
    rings = [[gain * v for v in resonator(burst, freq, ring)] for freq, ring, gain in partials]
    return [sum(vs) for vs in zip(*rings)]


def tick() -> Signal:
    """A short wooden click (timer tick)."""
    out = _knock(Rng(504), 0.07, 0.0003, 0.0015, ((1150, 0.012, 1.0), (2750, 0.006, 0.6), (520, 0.008, 0.3)))
    return finish(out, 0.001, 0.01)


def _brass(freq: float, dur: float, rng: Rng, vib: float = 5.5) -> Signal:
    """A bright brassy note: harmonics whose brightness opens with the attack, a touch of vibrato."""
    n = int(dur * RATE)
    phase = 0.0
    out = []
    att = 0.03
    jitter = rng.random() * 6.28
    for i in range(n):
        t = i / RATE
        f = freq * (1 + 0.004 * math.sin(2 * math.pi * vib * t + jitter) * min(1.0, t / 0.15))
        phase += 2 * math.pi * f / RATE
        bright = min(1.0, t / att)
        v = 0.0
        for h in range(1, 9):
            v += math.sin(h * phase) * (1 / h) * (bright ** (h * 0.5))
        a = min(1.0, t / att) * (0.75 + 0.25 * math.exp(-t / 0.08))
        rel = max(0.0, min(1.0, (dur - t) / 0.06))
        out.append(v * a * rel)
    return out


def fanfare() -> Signal:
    """A short brassy major arpeggio (C E G, then a held high C chord), about 1.2 s."""
    rng = Rng(505)
    out = silence(1.22)
    notes = ((0.00, 261.63, 0.20), (0.15, 329.63, 0.20), (0.30, 392.00, 0.22))
    for at, f, d in notes:
        mix_into(out, _brass(f, d, rng), at, 0.8)
    for f, g in ((523.25, 0.8), (392.00, 0.45), (329.63, 0.4), (261.63, 0.35)):
        mix_into(out, _brass(f, 0.72, rng), 0.46, g)
    out = lowpass(out, 5200)
    return finish(out, 0.004, 0.06)


def click() -> Signal:
    """A crisp UI click."""
    rng = Rng(506)
    n = int(0.035 * RATE)
    tone = [math.sin(2 * math.pi * 1750 * i / RATE) * math.exp(-i / (0.006 * RATE)) for i in range(n)]
    tap = mul(highpass(noise(n, rng), 3000), envelope(n, 0.0002, 0.0012))
    return finish([a + 0.5 * b for a, b in zip(tone, tap)], 0.0005, 0.005)


def error() -> Signal:
    """A low, soft double buzz."""
    out = silence(0.42)
    for at in (0.0, 0.2):
        n = int(0.17 * RATE)
        buzz = []
        for i in range(n):
            t = i / RATE
            v = 0.0
            for h in (1, 3, 5, 7):  # a rounded square wave, two slightly detuned voices
                v += math.sin(2 * math.pi * 110 * h * t) / h + 0.7 * math.sin(2 * math.pi * 113.5 * h * t) / h
            buzz.append(v)
        buzz = lowpass(buzz, 900)
        env = [min(1.0, i / (0.015 * RATE)) * min(1.0, (n - i) / (0.04 * RATE)) for i in range(n)]
        mix_into(out, mul(buzz, env), at)
    return finish(out, 0.004, 0.02)


def hop() -> Signal:
    """A pirate landing on a wooden plank: a soft, hollow knock with a short creak."""
    body = _knock(Rng(507), 0.16, 0.0008, 0.004, ((190, 0.05, 1.0), (410, 0.03, 0.7), (960, 0.012, 0.35)))
    creak = [math.sin(2 * math.pi * (520 * i / RATE + 0.5 * -900 * (i / RATE) ** 2)) * math.exp(-i / (0.03 * RATE))
             for i in range(int(0.08 * RATE))]
    mix_into(body, creak, 0.02, 0.12)
    return finish(lowpass(body, 2600), 0.001, 0.02)


def treasure() -> Signal:
    """A treasure tile landing: two bright metallic chinks, the second a little higher."""
    rng = Rng(508)
    out = silence(0.5)
    for at, f in ((0.0, 2640.0), (0.09, 3520.0)):
        n = int(0.35 * RATE)
        ring = [sum(math.sin(2 * math.pi * f * k * i / RATE) / k ** 1.4 for k in (1, 2.76, 5.4))
                * math.exp(-i / (0.07 * RATE)) for i in range(n)]
        tap = mul(highpass(noise(n, rng), 4000), envelope(n, 0.0002, 0.002))
        mix_into(out, [a + 0.3 * b for a, b in zip(ring, tap)], at, 1.0 if at == 0.0 else 0.8)
    return finish(out, 0.0005, 0.03)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "card": card, "dice": dice, "splash": splash, "tick": tick, "fanfare": fanfare, "click": click, "error": error,
    "hop": hop, "treasure": treasure,
}


def write_wav(path: Path, samples: Signal) -> None:
    data = b"".join(struct.pack("<h", max(-32767, min(32767, int(round(v * 32767))))) for v in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds", help="output folder (default: assets/sounds)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, fn in SOUNDS.items():
        samples = fn()
        write_wav(args.out / f"{name}.wav", samples)
        print(f"make_sounds: {name}.wav {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
