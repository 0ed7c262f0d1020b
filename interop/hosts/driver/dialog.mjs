// A host's own elicitation dialog, whatever the host: reading it and
// answering it, round after round. Each host describes its dialog as
//
//   { locator, message(dialog), read(dialog), fill(dialog, answer), accept }
//
// (`accept` names the button that sends an answer).

/**
 * Applies `answer` to the open dialog: types an answer object and sends
 * it, or presses the button named. Waits until that dialog has gone (or
 * shows another message: the server asked again). What it showed.
 */
export async function answerDialog(page, form, answer) {
  const dialog = form.locator;
  const message = await form.message(dialog);
  const round = { message, shown: await form.read(dialog) };
  if (typeof answer === "string") {
    await dialog.getByRole("button", { name: answer, exact: true }).click();
  } else {
    await form.fill(dialog, answer);
    round.typed = await form.read(dialog);
    await dialog.getByRole("button", { name: form.accept, exact: true }).click();
  }
  for (let i = 0; i < 100; i++) {
    if (!(await dialog.isVisible()) || (await form.message(dialog).catch(() => message)) !== message) break;
    await page.waitForTimeout(200);
  }
  return round;
}
