-- CreateTable
CREATE TABLE "printify_webhook_registrations" (
    "shopId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secretFingerprint" TEXT NOT NULL,
    "registeredAt" TIMESTAMP(3) NOT NULL,
    "checkedAt" TIMESTAMP(3),
    "lastDeliveryAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "printify_webhook_registrations_pkey" PRIMARY KEY ("shopId")
);
