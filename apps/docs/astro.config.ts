import { fileURLToPath } from "node:url";
import starlight from "@astrojs/starlight";
import { defineConfig, passthroughImageService } from "astro/config";
import { generatedPages } from "./src/integrations/generatedPages";
import { wsafeClientModule } from "./src/integrations/wsafeClientModule";

const docsRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  // The JSON Schemas' $ids point at this host; the site also works at any other origin
  // (the server serves it at `/`), since every link is root-relative.
  site: "https://docs.wsafe.dev",
  base: "/",
  // The server serves `/x/` from `/x/index.html`.
  build: { format: "directory" },
  // sharp's install script is not run by pnpm here; the site has no raster images to optimise.
  image: { service: passthroughImageService() },
  // Straight quotes: descriptions quote JSON ("42") and must read exactly as in the schema.
  markdown: { smartypants: false },
  vite: {
    plugins: [
      wsafeClientModule(docsRoot, fileURLToPath(new URL("./src/tryIt/standInClient.ts", import.meta.url))),
    ],
  },
  integrations: [
    generatedPages(),
    starlight({
      title: "wsafe /v1",
      description: "The /v1 Web API of a workplace health-and-safety system.",
      customCss: ["./src/styles/tryIt.css", "./src/styles/inlineCode.css", "./src/styles/fitColumn.css"],
      // Long lines wrap (indented as they began) rather than scroll: a scroll bar at the
      // foot of a long block hid the end of every curl line and JSON description.
      expressiveCode: { defaultProps: { wrap: true } },
      components: { MarkdownContent: "./src/components/MarkdownContent.astro" },
      lastUpdated: false,
      pagination: true,
      sidebar: [
        {
          label: "Start here",
          items: [
            { label: "Overview", link: "/" },
            { label: "Conventions", slug: "conventions" },
            { label: "Authentication", slug: "authentication" },
            { label: "Errors", slug: "errors" },
            { label: "Rate limits", slug: "rate-limits" },
            { label: "Pagination", slug: "pagination" },
            { label: "Events", slug: "events" },
            { label: "Webhooks", slug: "webhooks" },
            { label: "Recording inspections", slug: "inspections" },
            { label: "Keeping the register", slug: "register" },
          ],
        },
        { label: "Methods", autogenerate: { directory: "methods" } },
        { label: "Records", autogenerate: { directory: "records" } },
        {
          label: "Libraries and tools",
          items: [
            { label: "TypeScript client", slug: "client" },
            { label: "Client errors", slug: "client/errors" },
            { label: "Retries, timeouts, abort", slug: "client/retries" },
            { label: "Validation", slug: "validation" },
            { label: "Conformance kit", slug: "conformance" },
          ],
        },
        {
          label: "Operate",
          items: [
            { label: "Health, logs, backups, TLS", slug: "operate" },
            { label: "Dataset format", slug: "dataset" },
            { label: "Command line", slug: "command-line" },
            { label: "Downloads", slug: "downloads" },
            { label: "Versions and releases", slug: "versions" },
            { label: "Changelog", slug: "changelog" },
            { label: "Benchmarks", slug: "benchmarks" },
            { label: "Mutation testing", slug: "mutation-testing" },
          ],
        },
      ],
    }),
  ],
});
