/**
 * Signing a fresh Foundry server's licence, step by step, each step checked (tests/live/boot.ts
 * runs them; tests/live-harness tests them against a stand-in server):
 *
 * 1. Is it signed? `/setup` redirects to `/license` until it is.
 * 2. The key: posted on the licence page's form. Foundry signs it with its licence server, and the
 *    signature is tied to the host (felddy/foundryvtt-docker#646), so this step needs internet
 *    access; where it fails, the key form comes back.
 * 3. The licence agreement (EULA): posted on the next form; a world opens only once it is signed
 *    (https://foundryvtt.com/article/configuration/).
 * 4. Wait until `/setup` no longer redirects to `/license`.
 *
 * The fields posted are the ones the page's own form names (tests/live/http.ts), as public
 * Playwright harnesses for v13 post the key, then the agreement, to `/license`.
 */
import { formsOf, messagesOf, titleOf, type Field, type Form, Session } from "./http";

/** A step of starting the live server that failed, with what to do about it in plain words. */
export class LiveSetupError extends Error {
  constructor(
    readonly step: string,
    message: string,
  ) {
    super(`${step}: ${message}`);
    this.name = "LiveSetupError";
  }
}

/** Where the licence stands: signed, or the page asks for the key, or for the agreement. */
export type LicenceStage = "signed" | "key" | "agreement";

const KEY_FIELD = (f: Field): boolean => f.tag === "input" && (f.type === "text" || f.type === "password");
const AGREE_BUTTON = /agree|accept|sign/i;
const DECLINE_BUTTON = /decline|reject|refuse/i;

/** The licence page's form and what it asks for, or why it is neither. */
async function licencePage(
  session: Session,
): Promise<{ stage: "key" | "agreement"; form: Form; html: string }> {
  const page = await session.get("/license");
  if (page.status !== 200)
    throw new LiveSetupError(
      "licence",
      `GET /license answered ${page.status}${page.location ? ` → ${page.location}` : ""}`,
    );
  for (const form of formsOf(page.html)) {
    if (form.fields.some(KEY_FIELD)) return { stage: "key", form, html: page.html };
    if (form.fields.some((f) => f.type === "checkbox")) return { stage: "agreement", form, html: page.html };
  }
  throw new LiveSetupError(
    "licence",
    `the licence page ("${titleOf(page.html)}") shows neither a key field nor the agreement: see the trace`,
  );
}

/** Where the licence stands now (step 1). */
export async function licenceStage(session: Session): Promise<LicenceStage> {
  const setup = await session.get("/setup");
  if (setup.location !== "/license") return "signed";
  return (await licencePage(session)).stage;
}

/** The fields a form posts with its text field set to `key`. */
function keyFields(form: Form, key: string): [string, string][] {
  const out: [string, string][] = [];
  let filled = false;
  for (const f of form.fields) {
    if (!filled && KEY_FIELD(f) && f.name) {
      out.push([f.name, key]);
      filled = true;
    } else if (f.tag === "input" && f.type === "hidden" && f.name) out.push([f.name, f.value]);
  }
  const button = form.fields.find((f) => f.type === "submit" && f.name);
  if (button) out.push([button.name, button.value]);
  return out;
}

/** The fields a form posts to sign the agreement: its boxes ticked, its "agree" button pressed. */
function agreementFields(form: Form): [string, string][] {
  const out: [string, string][] = [];
  for (const f of form.fields) {
    if (!f.name) continue;
    if (f.type === "checkbox") out.push([f.name, f.value || "on"]);
    else if (f.tag === "input" && f.type === "hidden") out.push([f.name, f.value]);
  }
  const buttons = form.fields.filter((f) => f.type === "submit");
  const agree = buttons.find(
    (b) => AGREE_BUTTON.test(`${b.text} ${b.value}`) && !DECLINE_BUTTON.test(`${b.text} ${b.value}`),
  );
  if (!agree && buttons.length > 0)
    throw new LiveSetupError(
      "licence agreement",
      "the agreement page has no button that agrees: see the trace",
    );
  if (agree?.name) out.push([agree.name, agree.value]);
  return out;
}

const said = (html: string): string => {
  const lines = messagesOf(html);
  return lines.length > 0 ? ` The page says: "${lines.join(" ")}".` : "";
};

/** How long step 4 waits for /setup to stop redirecting to /license. */
export const SIGNED_WITHIN_MS = 30_000;

/**
 * Sign the licence of the server at `url` (steps 1 to 4). `key` may be absent when a signed
 * Config/license.json was installed (FOUNDRY_LICENSE_JSON). Resolves with what each step did;
 * rejects with a LiveSetupError naming the step that failed and why.
 */
export async function signLicence(
  url: string,
  key: string | null,
  options: { licenceJsonGiven?: boolean; signedWithinMs?: number } = {},
): Promise<string[]> {
  const session = new Session(url);
  const done: string[] = [];
  if ((await licenceStage(session)) === "signed") return ["licence already signed"];

  let page = await licencePage(session);
  if (page.stage === "key") {
    if (options.licenceJsonGiven)
      done.push(
        "the given license.json was not taken (a signature is tied to the host that signed it: felddy/foundryvtt-docker#646)",
      );
    if (!key)
      throw new LiveSetupError(
        "licence key",
        (options.licenceJsonGiven
          ? "the given license.json (FOUNDRY_LICENSE_JSON) was not taken: it was signed for another host or is not a signed licence, and "
          : "") +
          "no licence key was given: set FOUNDRY_LICENSE_KEY, or FOUNDRY_LICENSE_JSON to a Config/license.json signed on this host",
      );
    const posted = await session.post(page.form.action || "/license", keyFields(page.form, key));
    if (posted.status >= 400)
      throw new LiveSetupError("licence key", `POST /license answered ${posted.status}.${said(posted.html)}`);
    page =
      posted.status === 200 && formsOf(posted.html).some((f) => f.fields.some(KEY_FIELD))
        ? { stage: "key", form: formsOf(posted.html)[0] as Form, html: posted.html }
        : await licencePage(session);
    if (page.stage === "key")
      throw new LiveSetupError(
        "licence key",
        "licence not signed: this step needs internet access to Foundry's licence server (the key is signed there, for this host), and a valid key." +
          said(page.html),
      );
    done.push("licence key signed");
  }

  const posted = await session.post(page.form.action || "/license", agreementFields(page.form));
  if (posted.status >= 400)
    throw new LiveSetupError(
      "licence agreement",
      `POST /license answered ${posted.status}.${said(posted.html)}`,
    );
  if (posted.status === 200 && formsOf(posted.html).some((f) => f.fields.some((x) => x.type === "checkbox")))
    throw new LiveSetupError("licence agreement", `the agreement was not accepted.${said(posted.html)}`);
  done.push("licence agreement signed");

  const until = Date.now() + (options.signedWithinMs ?? SIGNED_WITHIN_MS);
  for (;;) {
    const setup = await session.get("/setup");
    if (setup.location !== "/license") break;
    if (Date.now() > until)
      throw new LiveSetupError(
        "licence",
        `the key and the agreement were taken, but /setup still redirects to /license after ${Math.round((options.signedWithinMs ?? SIGNED_WITHIN_MS) / 1000)} s`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  done.push("/setup no longer redirects to /license");
  return done;
}
