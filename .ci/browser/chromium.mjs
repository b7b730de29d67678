// Prints {"path": ..., "args": [...]} for the Chromium of @sparticuz/chromium,
// unpacking the binary on first use.  The browser tests read this JSON.
import chromium from "@sparticuz/chromium";

const path = await chromium.executablePath();
process.stdout.write(JSON.stringify({ path, args: chromium.args }) + "\n");
