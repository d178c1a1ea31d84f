// ESLint (flat config) for the boards' JavaScript: the browser modules under longhouse/web and the node
// unit tests under tests/js. `./dev test` runs it (npx eslint); the rules are ESLint's recommended ones.
import js from "@eslint/js";
import globals from "globals";

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
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
