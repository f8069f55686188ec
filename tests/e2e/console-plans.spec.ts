import { expect, test } from "./fixtures.ts";

/**
 * The console's plans form (issue 29): numbers out of range are refused field by field,
 * worded in the chosen language. The e2e server is shared by tests running side by side,
 * so this test changes no number: what it saves is the plan in force as it was.
 */
// The refused saves are 400s, which the browser logs.
test.use({ expectedConsole: [/status of 400 .*\/api\/console\/plan\)/] });

test("an operator's plan numbers out of range are refused by field, in English and Turkish", async ({
  page,
  accounts,
}, testInfo) => {
  test.setTimeout(90_000);
  await accounts.register("operator", {
    verified: true,
    email: `operator-plans-${testInfo.project.name}@example.com`,
  });
  await page.goto("/console");
  // The numbers' form; the named plans below have an allowance field of their own.
  const plans = page.getByRole("region", { name: "Plans" }).getByTestId("plan-form");
  const allowance = plans.getByLabel("Weekly allowance (credits)");
  await expect(allowance).toHaveValue("1000");
  await expect(plans.getByLabel("Weekly reset (00:00 UTC)")).toHaveValue("1");

  // What the form holds now is the plan in force: saving it changes nothing.
  await plans.getByRole("button", { name: "Save the plan" }).click();
  await expect(plans.getByRole("status").first()).toHaveText("The plan is saved.");

  await allowance.fill("-5");
  await plans.getByLabel("Cost of a text (credits)").fill("0");
  await plans.getByRole("button", { name: "Save the plan" }).click();
  await expect(plans.getByRole("alert").first()).toHaveText(
    "Some numbers are out of range; see the fields.",
  );
  await expect(
    plans.getByText("The weekly allowance is a whole number from 0 to 1,000,000."),
  ).toBeVisible();
  await expect(
    plans.getByText("The cost of a text is a multiple of 10 from 10 to 10,000."),
  ).toBeVisible();

  await page.evaluate(() => localStorage.setItem("selectedLanguage", "turkish"));
  await page.reload();
  const planlar = page.getByRole("region", { name: "Planlar" }).getByTestId("plan-form");
  const hak = planlar.getByLabel("Haftalık hak (kredi)");
  // Nothing was saved: the form reads the plan in force again.
  await expect(hak).toHaveValue("1000");
  await hak.fill("200");
  await planlar.getByLabel("Deneme (misafirin ya da doğrulanmamış hesabın kredisi)").fill("300");
  await planlar.getByRole("button", { name: "Planı kaydet" }).click();
  await expect(planlar.getByRole("alert").first()).toHaveText(
    "Bazı sayılar aralığın dışında; alanlara bakın.",
  );
  await expect(
    planlar.getByText(
      "Deneme 0 ile 1.000.000 arasında tam sayı bir kredidir ve haftalık haktan fazla olamaz.",
    ),
  ).toBeVisible();
});
