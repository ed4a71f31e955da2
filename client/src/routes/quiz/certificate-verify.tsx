// Public certificate verification (outside the student guard): its own small lazy chunk.
import "../../private.css";

export { CertificateVerifyPage } from "../../features/quiz/certificate.tsx";
