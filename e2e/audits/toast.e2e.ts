// SPEC §9's toast swipe: dragging a toast right past 50 px dismisses it, a shorter drag leaves it — by mouse, touch
// and pen (real input events through Chromium's DevTools protocol, so pointer events come from the browser itself).
import { type CDPSession, expect, type Locator, type Page, test } from "@playwright/test";
import { toastArea } from "../support/ui";

type Device = "mouse" | "touch" | "pen";

/**
 * Opens /contact with a toast showing: the Toaster shows a flashed toast on load (stores/toast.ts flashToast). It
 * stays a minute, so only a swipe can make it go within the test's short wait.
 */
async function pageWithToast(page: Page, title: string): Promise<Locator> {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem("toast-test-done")) {
      sessionStorage.setItem("flash-toast", JSON.stringify({ title: t, durationMs: 60_000 }));
      sessionStorage.setItem("toast-test-done", "1");
    }
  }, title);
  await page.goto("/contact");
  const toast = toastArea(page).getByRole("status").filter({ hasText: title });
  await expect(toast).toBeVisible();
  return toast;
}

/** Presses on the toast's text, moves right by `dx` px in steps, lets go. */
async function drag(cdp: CDPSession, page: Page, device: Device, toast: Locator, dx: number) {
  const box = await toast.getByText(/Swipe/).boundingBox();
  if (!box) throw new Error("toast not laid out");
  const x = box.x + 10;
  const y = box.y + box.height / 2;
  const steps = [0, 0.25, 0.5, 0.75, 1].map((f) => x + dx * f);
  if (device === "mouse") {
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (const sx of steps) await page.mouse.move(sx, y);
    await page.mouse.up();
  } else if (device === "pen") {
    const pen = { pointerType: "pen" as const, button: "left" as const, buttons: 1, clickCount: 1, y };
    await cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", x, ...pen });
    for (const sx of steps) await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: sx, ...pen });
    await cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", x: steps.at(-1)!, ...pen, buttons: 0 });
  } else {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (const sx of steps) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: sx, y }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }
}

test.use({ hasTouch: true });

for (const device of ["mouse", "touch", "pen"] as const) {
  test(`${device}: a swipe right past 50 px dismisses the toast; a shorter one leaves it in place`, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    const toast = await pageWithToast(page, `Swipe test (${device})`);
    // Which kind of pointer the page saw: the point is that each device's own pointer events do it.
    await page.evaluate(() => {
      const seen = new Set<string>();
      document.addEventListener("pointerdown", (e) => seen.add(e.pointerType), true);
      Object.assign(window, { pointerTypesSeen: seen });
    });

    await drag(cdp, page, device, toast, 30);
    await expect(toast).toBeVisible();
    // It slides back to where it was.
    await expect.poll(() => toast.evaluate((el) => (el as HTMLElement).style.transform)).toBe("");

    await drag(cdp, page, device, toast, 80);
    await expect(toast).toHaveCount(0, { timeout: 1000 });
    expect(await page.evaluate(() => [...(window as unknown as { pointerTypesSeen: Set<string> }).pointerTypesSeen])).toEqual([
      device,
    ]);
  });
}

test("the close button still closes the toast (a press on it is not a swipe)", async ({ page }) => {
  const toast = await pageWithToast(page, "Swipe test (close)");
  await toast.getByRole("button", { name: "Close" }).click();
  await expect(toast).toHaveCount(0, { timeout: 1000 });
});
