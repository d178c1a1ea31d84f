// ESLint (flat config) for the boards' JavaScript: the browser modules under longhouse/web and the node
// unit tests under tests/js. `./dev test` runs it (npx eslint); the rules are ESLint's recommended ones.
import js from "@eslint/js";
import globals from "globals";
import texts from "./tools/eslint/texts.js";

// The names that are the same in every language: a text of only these needs no catalog entry.
export const NAMES = ["Longhouse", "Manitou", "Manitoba", "Five Tribes", "OpenSkill", "Plackett–Luce", "JSON"];

// The web modules whose texts do not go through the catalog yet (issue 23): each lane empties its entries as
// it finishes them, and tests/i18n/test_text_lint.py fails on an entry that has no bare text any more. Paths
// are relative to the repository; nothing may be added.
export const TEXTS_PENDING = [];

export default [
  { ignores: ["node_modules/**", ".venv/**", "test-output/**", "build/**", "bench/**"] },
  js.configs.recommended,
  {
    files: ["longhouse/web/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  {
    files: ["longhouse/web/**/*.js"],
    ignores: TEXTS_PENDING,
    plugins: { longhouse: { rules: { texts } } },
    rules: { "longhouse/texts": ["error", { names: NAMES }] },
  },
  {
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
