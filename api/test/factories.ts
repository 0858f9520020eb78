// Test data builders: each call makes a new, unique row with sensible defaults; pass fields to override.
import { db } from "../src/db/client";
import type { Prisma } from "../src/generated/prisma/client";
import { teeOptions } from "./merch-options";

let seq = 0;
export const unique = (prefix = "t") => `${prefix}-${Date.now().toString(36)}-${(++seq).toString(36)}`;

export async function createUser(data: Partial<Prisma.UserCreateInput> = {}) {
  const name = unique("user");
  // A fixed, pre-computed-looking hash keeps factories fast; auth tests hash real passwords themselves.
  return (await db()).user.create({
    data: { username: name, email: `${name}@example.com`, password: "$argon2id$v=19$m=19456,t=2,p=1$placeholder", ...data },
  });
}

export async function createChallenge(data: Partial<Prisma.ChallengeUncheckedCreateInput> = {}) {
  return (await db()).challenge.create({
    data: {
      title: unique("Challenge"),
      description: "A short description",
      status: "ACTIVE",
      startDate: new Date("2026-12-01T00:00:00Z"),
      ...data,
    },
  });
}

export async function createApplication(
  challengeId: string,
  userId: string,
  data: Partial<Prisma.ChallengeParticipantUncheckedCreateInput> = {},
) {
  return (await db()).challengeParticipant.create({
    data: {
      challengeId,
      userId,
      applicantName: "Ada Lovelace",
      company: "Analytical Engines",
      applicantEmail: "ada@example.com",
      role: "Engineer",
      interestDescription: "I want to help with this challenge.",
      ...data,
    },
  });
}

/** A user whose password really verifies (argon2id; slower than createUser). */
export async function createUserWithPassword(password: string, data: Partial<Prisma.UserCreateInput> = {}) {
  const { hashPassword } = await import("../src/modules/auth/password");
  return createUser({ password: await hashPassword(password), ...data });
}

export async function createProject(data: Partial<Prisma.ProjectUncheckedCreateInput> = {}) {
  return (await db()).project.create({
    data: {
      title: unique("Project"),
      description: "A short summary",
      problem: "The problem it tackled",
      solution: "What the team built",
      ...data,
    },
  });
}

type VariantInput = Partial<Omit<Prisma.MerchandiseVariantUncheckedCreateInput, "merchandiseId">>;

/**
 * A product in Printify's shape: two options (Colors: Black 1 / White 2; Sizes: S 11 / M 12), one image per colour,
 * and four enabled, in-stock variants (Black / S 101 is the default) unless `variants` says otherwise.
 */
export async function createMerchandise(
  data: Partial<Prisma.MerchandiseUncheckedCreateInput> = {},
  variants: VariantInput[] = [
    { providerVariantId: "101", title: "Black / S", optionValueIds: [1, 11], isDefault: true },
    { providerVariantId: "102", title: "Black / M", optionValueIds: [1, 12] },
    { providerVariantId: "103", title: "White / S", optionValueIds: [2, 11] },
    { providerVariantId: "104", title: "White / M", optionValueIds: [2, 12] },
  ],
) {
  const title = unique("Product");
  return (await db()).merchandise.create({
    data: {
      title,
      description: "<p>A product</p>",
      price: "20.00",
      imageUrl: "/images/demo/merch-tee-black.svg",
      printifyShopId: "test-shop",
      printifyId: unique("pfy"),
      options: teeOptions(),
      images: [
        { src: "/images/demo/merch-tee-black.svg", is_default: true, variant_ids: [101, 102] },
        { src: "/images/demo/merch-tee-white.svg", is_default: false, variant_ids: [103, 104] },
      ],
      ...data,
      variants: {
        create: variants.map((v, i) => ({
          providerVariantId: String(101 + i),
          title: `Variant ${i + 1}`,
          optionValueIds: [],
          price: "20.00",
          ...v,
        })),
      },
    },
    include: { variants: true },
  });
}

type VariantSpec = Partial<
  Omit<Prisma.MerchandiseVariantUncheckedCreateInput, "merchandiseId" | "id"> & { providerVariantId: string }
>;

/**
 * A merchandise product in Printify's shape with its variants: options Color (Black 1, White 2) and Size (S 11,
 * M 12); by default two enabled, available variants "Black / S" (id 1001, $25.00) and "White / M" (1002, $27.50).
 * Pass `variants` to describe others (a disabled combination, one out of stock).
 */
export async function createProductWithVariants(
  data: Partial<Prisma.MerchandiseUncheckedCreateInput> = {},
  variants: VariantSpec[] = [
    { providerVariantId: "1001", title: "Black / S", optionValueIds: [1, 11], price: "25.00", isDefault: true },
    { providerVariantId: "1002", title: "White / M", optionValueIds: [2, 12], price: "27.50" },
  ],
) {
  const options = teeOptions("Color", "Size");
  return (await db()).merchandise.create({
    data: {
      title: unique("T-shirt"),
      description: "<p>Soft cotton</p>",
      price: variants[0]?.price ?? "25.00",
      printifyId: unique("pfy"),
      printifyShopId: "shop-1",
      options,
      ...data,
      variants: {
        create: variants.map((v, i) => ({
          providerVariantId: String(2000 + i),
          title: `Variant ${i + 1}`,
          optionValueIds: [],
          price: "25.00",
          ...v,
        })),
      },
    },
    include: { variants: true },
  });
}

/** An order (a paid resource purchase unless told otherwise); amounts in dollars as SPEC stores them. */
export async function createOrder(data: Partial<Prisma.OrderUncheckedCreateInput> = {}) {
  return (await db()).order.create({
    data: {
      orderType: "RESOURCE_ONETIME",
      customerEmail: `${unique("buyer")}@example.com`,
      amount: "19.00",
      status: "COMPLETED",
      ...data,
    },
  });
}
