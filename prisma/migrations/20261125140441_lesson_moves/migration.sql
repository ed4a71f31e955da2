-- CreateTable
CREATE TABLE "LessonMove" (
    "id" UUID NOT NULL,
    "bookingId" UUID NOT NULL,
    "movedBy" TEXT NOT NULL,
    "fromStartsAt" TIMESTAMPTZ(3) NOT NULL,
    "toStartsAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LessonMove_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LessonMove_bookingId_idx" ON "LessonMove"("bookingId");

-- AddForeignKey
ALTER TABLE "LessonMove" ADD CONSTRAINT "LessonMove_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

