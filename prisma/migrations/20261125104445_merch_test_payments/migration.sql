-- AlterTable
ALTER TABLE "test_payments" ADD COLUMN     "browserHash" TEXT,
ADD COLUMN     "merchandiseId" TEXT,
ADD COLUMN     "merchandiseVariantId" TEXT,
ADD COLUMN     "printifyVariantId" TEXT,
ADD COLUMN     "variantTitle" TEXT,
ALTER COLUMN "userId" DROP NOT NULL;
