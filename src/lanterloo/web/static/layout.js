// The felt's two layouts: the seats around an oval, or, when their plates would overlap there (a big table on a
// narrow screen), a list of seats above the trick. Measured on the page, so any seat count and any screen fits.
import { $ } from "./dom.js";

function overlaps(a, b) {
  return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
}

/** Draw the seats around the oval; if two plates overlap, or one leaves the screen's sides, use the list instead. */
export function fitSeats() {
  const felt = $("felt");
  if (!felt) return;
  const plates = [...felt.querySelectorAll("#seats .seat")];
  felt.dataset.seats = String(plates.length);
  felt.dataset.layout = "oval"; // measured in the oval (the browser lays it out at once, before any paint)
  const width = document.documentElement.clientWidth;
  const boxes = plates.map((p) => p.getBoundingClientRect());
  let crowded = boxes.some((b) => b.left < -0.5 || b.right > width + 0.5);
  for (let i = 0; i < boxes.length && !crowded; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (overlaps(boxes[i], boxes[j])) {
        crowded = true;
        break;
      }
    }
  }
  felt.dataset.layout = crowded ? "list" : "oval";
  felt.dataset.fitWidth = String(width); // the width this layout was chosen for (the tests wait for it)
}

let wired = false;

/** Once per page: measure again when the window changes size (a phone turned, a window resized). */
export function wireLayout() {
  if (wired) return;
  wired = true;
  let queued = false;
  window.addEventListener("resize", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      fitSeats();
    });
  });
}
