// Read netlify.toml the way Netlify does (@netlify/config, offline) and print the resolved
// build settings and headers as JSON on stdout. Used by test_netlify_config.py.
//   node tests/site_builder/netlify_config.mjs [PROJECT_ROOT]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resolveConfig } from "@netlify/config";

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ".."));
const result = await resolveConfig({
  cwd: root,
  repositoryRoot: root,
  config: path.join(root, "netlify.toml"),
  offline: true,
  mode: "cli",
  context: "production",
  branch: "main",
  // No site id, no token: nothing is fetched from Netlify's API.
});
const { build, headers } = result.config;
process.stdout.write(
  JSON.stringify({ configPath: result.configPath, build, headers, headersPath: result.headersPath }, null, 2) + "\n",
);
