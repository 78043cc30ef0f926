// The team form on /admin/teams (docs/SCREENS.md §3.4), on the demo seed: checked with the API's own
// request schema before anything is sent, each problem said at its field, the server's refusal in
// the form's alert (docs/decisions/047-admin-forms.md). It saves the Eagles unchanged at the end, so
// the demo data other tests read is left as it was.
import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, signInAs } from "./helpers";

test("the team form says what is wrong at each field and focuses the first, shows the server's refusal, keeps what was typed, and saves once it is right", async ({
  page,
}) => {
  await signInAs(page, E2E.adminPhone, "/admin/teams");
  await expect(page.getByRole("heading", { level: 1, name: "Teams Admin" })).toBeVisible();
  await expect(page.getByRole("search", { name: "Filter teams" }).getByLabel("League")).toHaveValue("");
  await page.getByRole("button", { name: "Edit Philadelphia Eagles" }).click();
  const form = page.getByRole("region", { name: "Edit team" });
  const name = form.getByLabel("Name", { exact: true });
  const slug = form.getByLabel("Slug", { exact: true });
  await expect(form.getByLabel("Full name")).toHaveValue("Philadelphia Eagles");
  await expect(slug).toHaveValue("eagles");

  // No name, and a slug with a space (typed in capitals, kept in lower case): both said at their fields.
  await name.fill("");
  await slug.fill("Philly Eagles");
  await expect(slug).toHaveValue("philly eagles");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Name is required.");
  await expect(form.getByText("Name is required.")).toBeVisible();
  await expect(name).toBeFocused();
  await expect(slug).toHaveAttribute("aria-invalid", "true");
  await expect(slug).toHaveAccessibleDescription(/^Slugs are lower-case letters, numbers and dashes\./);
  await expect(form.getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  // Right in shape, but the slug belongs to another NFL team: the server says so in the form's alert.
  await name.fill("Eagles");
  await slug.fill("cowboys");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(form.getByRole("alert").filter({ hasText: "already used" })).toHaveText("That slug is already used in this league.");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveValue("Eagles");

  // A logo address that loads nothing: the preview says so in words, not with its alt text squeezed into the box.
  const logo = form.getByLabel("Logo URL");
  const savedLogo = await logo.inputValue();
  await logo.fill("http://127.0.0.1:9/no-such-logo.png");
  await expect(form.getByRole("img", { name: "Logo preview: this address did not load a picture" })).toBeVisible();
  await logo.fill(savedLogo);

  await slug.fill("eagles");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Team saved")).toBeVisible();
  await expect(form).toBeHidden();
  await expect(
    page.getByRole("table", { name: "Teams" }).getByRole("row").filter({ hasText: "Philadelphia Eagles" }).first(),
  ).toContainText("eagles");
});
