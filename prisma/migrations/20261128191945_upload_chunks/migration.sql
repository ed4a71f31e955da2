-- CreateTable
CREATE TABLE "UploadChunk" (
    "storedName" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "UploadChunk_pkey" PRIMARY KEY ("storedName","index")
);

-- AddForeignKey
ALTER TABLE "UploadChunk" ADD CONSTRAINT "UploadChunk_storedName_fkey" FOREIGN KEY ("storedName") REFERENCES "Upload"("storedName") ON DELETE CASCADE ON UPDATE CASCADE;


-- Uploads are compressed formats already (images, PDF, audio, video): stored out of line as they
-- are, without PostgreSQL trying to compress each chunk first.
ALTER TABLE "UploadChunk" ALTER COLUMN "data" SET STORAGE EXTERNAL;
