import { expect, isPhone, seriousAxeViolations, test, useTheme } from "./fixtures.ts";

interface RouteCase {
  path: string;
  title: RegExp;
  heading: string;
  texts: string[];
  activeLink?: string;
}

const routes: RouteCase[] = [
  {
    path: "/",
    title: /AI Text Generator/,
    heading: "AI Text Generator",
    texts: [
      "4.9",
      "87 ratings",
      "AI-generated content.",
      "What Our Users Say",
      "Your generated text will appear here.",
    ],
    activeLink: "Home",
  },
  {
    path: "/write",
    title: /^AI Writing Templates/,
    heading: "What do you want to write?",
    texts: ["Search use cases", "Cold outreach email"],
    activeLink: "Use cases",
  },
  {
    path: "/about",
    title: /^About Us/,
    heading: "About Us",
    texts: ["What we believe", "1000 credits"],
    activeLink: "About Us",
  },
  {
    path: "/contact",
    title: /^Contact Us/,
    heading: "Contact Us",
    texts: [
      "support@example.com",
      "Mon-Fri: 9:00-18:00 UTC",
      "Sat-Sun: 10:00-16:00 UTC",
      "within 24 hours",
      "Can I use the generated texts for academic work?",
      "What is your refund policy?",
      "Can I use the texts commercially?",
      "Do you store my texts?",
      "annual plans can be refunded within 30 days",
    ],
    activeLink: "Contact",
  },
  {
    path: "/privacy-policy",
    title: /^Privacy Policy/,
    heading: "Privacy Policy",
    texts: ["Last updated: December 2, 2026", "Data we collect"],
  },
  {
    path: "/terms-of-service",
    title: /^Terms of Service/,
    heading: "Terms of Service",
    texts: ["Governing law", "laws of the Republic of Turkey"],
  },
];

for (const route of routes) {
  for (const theme of ["light", "dark"] as const) {
    test(`${route.path} shows its content in ${theme} mode, with the site frame and no serious axe finding`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(route.title);
      // The page holds its Turkish too, out of sight (decision 099): what shows is innerText.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading, {
        useInnerText: true,
      });
      for (const text of route.texts) {
        await expect(page.getByRole("main")).toContainText(text, { useInnerText: true });
      }
      await expect(page.locator("html")).toHaveClass(
        theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
      );

      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(
        `© ${new Date().getFullYear()} AI Text Generator by STF. All rights reserved.`,
        { useInnerText: true },
      );
      for (const [name, href] of [
        ["Use cases", "/write"],
        ["Privacy Policy", "/privacy-policy"],
        ["Terms of Service", "/terms-of-service"],
        ["About Us", "/about"],
      ]) {
        await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href);
      }

      if (isPhone(page)) {
        await page.getByRole("button", { name: "Open menu" }).click();
      }
      const nav = isPhone(page)
        ? page.locator("#mobile-menu")
        : page.getByRole("navigation", { name: "Main" });
      for (const name of ["Home", "Use cases", "About Us", "Contact", "Login", "Register"]) {
        await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
      }
      if (route.activeLink) {
        await expect(
          nav.getByRole("link", { name: route.activeLink, exact: true }),
        ).toHaveAttribute("aria-current", "page");
      }

      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
}
