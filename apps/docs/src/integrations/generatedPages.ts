// Runs the page generator before Astro reads its content, on `astro build` and
// `astro dev` alike, so there is no separate step to forget.
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { writeSite } from "../generate/writeSite.js";

/** The Astro integration that writes the pages generated from @wsafe/schema. */
export function generatedPages(): AstroIntegration {
  return {
    name: "wsafe:generated-pages",
    hooks: {
      "astro:config:setup": ({ config, logger }) => {
        const docsRoot = fileURLToPath(config.root);
        const repoRoot = fileURLToPath(new URL("../../", config.root));
        const { pages } = writeSite({ docsRoot, repoRoot });
        logger.info(
          `wrote ${pages} pages from @wsafe/schema into src/content/docs/ and the downloads into public/v1/`,
        );
      },
    },
  };
}
