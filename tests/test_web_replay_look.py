"""The replay drawn as the table, compared as pixels (issue 36), in Chromium on a desktop and on
a touch phone: the felt of the replay's last step and the felt of a spectator's page of the same
finished match, screenshotted and compared pixel by pixel.

What is compared: the felt's middle — the piles (stock, discard pile, indicator, what is wild)
and the melds, on the felt's own background and frame. The seats are left out of the picture
(``.seat-row`` not drawn, on both pages alike): the replay shows every hand face up where the
table shows backs, by design (test_web_pages.py compares the seats' places and shapes). The
felt is given the same place and size on both pages (the bars above it and the docks under it
differ: the replay's controls, the spectator's note), and animations are finished before the
shot.

Tolerance: a pixel differs when one of its channels differs by more than ``CHANNEL`` (of 255);
at most ``SHARE`` of the pixels may differ (antialiasing noise; the two pages draw the same
DOM, so a build that draws them alike differs by nothing). The decoding and the comparison
are the browser's own (a canvas reads both PNGs), so no image library is needed.

The test also breaks the replay's styling on purpose (its style sheet off, as the unstyled
replay once was; then one rule of the cards' size changed) and checks that the comparison then
fails: the comparison can see what it guards.
"""

from __future__ import annotations

import base64
from typing import Any

import pytest

from test_web import browser, server  # noqa: F401 - the fixtures: a live server, Chromium
from test_web_pages import finished  # noqa: F401 - a fixture
from web_helpers import SIZES, open_page

#: a channel differing by more than this (of 255) makes a pixel differ
CHANNEL = 16
#: the share of the pixels that may differ
SHARE = 0.001

#: the picture's frame, the same on both pages: no seats, the felt at the same place (the top
#: left corner of the viewport: no fraction of a pixel apart), 60rem (or the screen) by 30rem
FRAME = """
() => {
  const style = document.createElement("style");
  style.id = "frame-for-test";
  style.textContent = `#felt .seat-row, #felt .seats { display: none !important; }
    #felt { position: fixed !important; inset: 0 auto auto 0 !important; z-index: 1000;
      margin: 0 !important; box-sizing: border-box; inline-size: min(60rem, 100vw) !important;
      block-size: 30rem !important; max-block-size: none !important;
      min-block-size: 0 !important; overflow: hidden !important; }`;
  document.head.append(style);
  for (const d of document.querySelectorAll("dialog[open]")) d.close();
  const note = document.getElementById("explain");
  if (note) note.hidden = true;
}
"""

#: two PNGs (base64) decoded by the browser and compared: their sizes, how many pixels differ
#: by more than `channel` in a channel, the largest difference, the pixel count
COMPARE = """
async ([a, b, channel]) => {
  const load = async (png) =>
    createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
  const [x, y] = [await load(a), await load(b)];
  const sizes = [[x.width, x.height], [y.width, y.height]];
  if (x.width !== y.width || x.height !== y.height) return { sizes, differ: null };
  const pixels = (img) => {
    const canvas = new OffscreenCanvas(img.width, img.height);
    const g = canvas.getContext("2d");
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, img.width, img.height).data;
  };
  const p = pixels(x);
  const q = pixels(y);
  let differ = 0;
  let largest = 0;
  for (let i = 0; i < p.length; i += 4) {
    const d = Math.max(Math.abs(p[i] - q[i]), Math.abs(p[i + 1] - q[i + 1]),
      Math.abs(p[i + 2] - q[i + 2]), Math.abs(p[i + 3] - q[i + 3]));
    if (d > largest) largest = d;
    if (d > channel) differ += 1;
  }
  return { sizes, differ, largest, count: p.length / 4 };
}
"""


def felt_png(page: Any) -> str:
    """The felt's screenshot (framed as FRAME says), as base64."""
    shot: bytes = page.locator("#felt").screenshot(animations="disabled", caret="hide")
    return base64.b64encode(shot).decode("ascii")


def compared(page: Any, a: str, b: str) -> dict[str, Any]:
    """Two felts' pictures compared by ``page``'s browser (see COMPARE)."""
    out: dict[str, Any] = page.evaluate(COMPARE, [a, b, CHANNEL])
    return out


def alike(result: dict[str, Any]) -> bool:
    """Whether two pictures are the same within the tolerance."""
    return result["differ"] is not None and result["differ"] <= SHARE * result["count"]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_replay_looks_as_the_table_pixel_by_pixel(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    finished: str,  # noqa: F811
    size: str,
) -> None:
    watch = open_page(browser, size)
    watch.goto(f"{server}/play/{finished}")
    watch.wait_for_function("document.body.dataset.phase === 'over'")
    replay = open_page(browser, size)
    replay.goto(f"{server}/replay/{finished}")
    replay.wait_for_selector("body[data-ready='1']")
    replay.click("#last")  # the same step: the match's end, the spectator's table
    assert replay.evaluate("document.body.dataset.step") == replay.locator("#slider").get_attribute(
        "max"
    )
    assert replay.locator("#melds .meld .card").count() > 0  # something to compare
    for page in (watch, replay):
        page.evaluate(FRAME)
        page.wait_for_timeout(200)
    table = felt_png(watch)
    drawn = felt_png(replay)
    result = compared(watch, table, drawn)
    assert result["differ"] is not None, result  # the same size
    assert alike(result), result
    # the comparison sees a broken look: the replay's style sheet off (unstyled, as it once
    # was), then only the cards of the piles and melds a size too small
    sheet = "[...document.styleSheets].find((s) => (s.href || '').endsWith('/app.css'))"
    replay.evaluate(f"(() => {{ {sheet}.disabled = true; }})()")
    broken = compared(watch, table, felt_png(replay))
    assert not alike(broken), broken
    replay.evaluate(f"(() => {{ {sheet}.disabled = false; }})()")
    assert alike(compared(watch, table, felt_png(replay)))  # styled again: the same
    replay.add_style_tag(content=".pile .card, .meld .card { --card-w: 2.6rem !important; }")
    smaller = compared(watch, table, felt_png(replay))
    assert not alike(smaller), smaller
    assert replay.errors == [] and watch.errors == []
    replay.context.close()
    watch.context.close()
