import { describe, expect, it } from "vitest";
import { ApiClient, signUp } from "../support/client.ts";
import { useServer } from "../support/use-server.ts";

const PASSWORD = "violet-harbor-42";
const request = { content: "A note to my neighbours", language: "english", contentType: "email" };

const server = useServer({ env: { TRUSTED_PROXY: "1" } });

describe("deleting an account", () => {
  it("asks for the password again and keeps the account when it is wrong", async () => {
    const { client } = await signUp(server.url, true);
    const refused = await client.post("/api/auth/delete-account", { password: "not-the-one-1" });
    expect(refused.status).toBe(401);
    expect(refused.body.fieldErrors.password).toEqual(["The password is not correct."]);
    expect((await client.get("/api/auth/me")).body.user).not.toBeNull();
  });

  it("deletes the account, its session and its texts; the e-mail can register again", async () => {
    const { client, email, token } = await signUp(server.url, true);
    expect((await client.post("/api/email/generate", request)).status).toBe(200);
    const deleted = await client.post("/api/auth/delete-account", { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true });
    expect((await client.get("/api/auth/me")).body.user).toBeNull();
    expect((await new ApiClient(server.url).get("/api/auth/me", { bearer: token })).status).toBe(
      401,
    );
    const login = await new ApiClient(server.url).post("/api/auth/login", {
      email,
      password: PASSWORD,
    });
    expect(login.status).toBe(401);
    const again = await new ApiClient(server.url).post("/api/auth/register", {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(again.status).toBe(201);
    expect(
      (await new ApiClient(server.url).get("/api/email/my", { bearer: again.body.token })).body
        .generations,
    ).toEqual([]);
  });

  it("needs a signed-in account", async () => {
    const response = await new ApiClient(server.url).post("/api/auth/delete-account", {
      password: PASSWORD,
    });
    expect(response.status).toBe(401);
  });
});
